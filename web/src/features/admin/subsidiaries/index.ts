import { Apartment } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../../app/module.ts';

const module: FeatureModule = {
  routes: [
    {
      path: 'admin/subsidiaries',
      title: 'titles.subsidiary',
      permission: 'adminCompany',
      component: lazy(() => import('./SubsidiariesPage.tsx')),
    },
  ],
  navigation: {
    path: '/admin/subsidiaries',
    title: 'titles.subsidiary',
    permission: 'adminCompany',
    icon: Apartment,
  },
};

export default module;
