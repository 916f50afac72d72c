import { MiscellaneousServices } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../../app/module.ts';

const module: FeatureModule = {
  routes: [
    {
      path: 'admin/services',
      title: 'titles.services',
      permission: 'adminService',
      component: lazy(() => import('./ServicesPage.tsx')),
    },
  ],
  navigation: {
    path: '/admin/services',
    title: 'titles.services',
    permission: 'adminService',
    icon: MiscellaneousServices,
  },
};

export default module;
