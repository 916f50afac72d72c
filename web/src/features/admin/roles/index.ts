import { Security } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../../app/module.ts';

const module: FeatureModule = {
  routes: [
    {
      path: 'admin/roles',
      title: 'titles.roles',
      permission: 'adminUser',
      component: lazy(() => import('./RolesPage.tsx')),
    },
  ],
  navigation: {
    path: '/admin/roles',
    title: 'titles.roles',
    permission: 'adminUser',
    icon: Security,
  },
};

export default module;
