import { Category } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../../app/module.ts';

const module: FeatureModule = {
  routes: [
    {
      path: 'admin/cost-types',
      title: 'titles.costTypes',
      permission: 'adminCostType',
      component: lazy(() => import('./CostTypesPage.tsx')),
    },
  ],
  navigation: {
    path: '/admin/cost-types',
    title: 'titles.costTypes',
    permission: 'adminCostType',
    icon: Category,
  },
};

export default module;
