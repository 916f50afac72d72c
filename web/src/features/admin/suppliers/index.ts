import { LocalShipping } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../../app/module.ts';

const module: FeatureModule = {
  routes: [
    {
      path: 'admin/supplier',
      title: 'titles.supplier',
      permission: 'adminCompany',
      component: lazy(() => import('./SuppliersPage.tsx')),
    },
  ],
  navigation: {
    path: '/admin/supplier',
    title: 'titles.supplier',
    permission: 'adminCompany',
    icon: LocalShipping,
  },
};

export default module;
