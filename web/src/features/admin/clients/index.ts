import { Groups } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../../app/module.ts';

const module: FeatureModule = {
  routes: [
    {
      path: 'admin/clients',
      title: 'titles.clients',
      permission: 'adminCompany',
      component: lazy(() => import('./ClientsPage.tsx')),
    },
  ],
  navigation: {
    path: '/admin/clients',
    title: 'titles.clients',
    permission: 'adminCompany',
    icon: Groups,
  },
};

export default module;
