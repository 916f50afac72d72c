import { People } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../../app/module.ts';

const module: FeatureModule = {
  routes: [
    {
      path: 'admin/users',
      title: 'titles.users',
      permission: 'adminUser',
      component: lazy(() => import('./UsersPage.tsx')),
    },
    {
      path: 'admin/users/:id',
      title: 'titles.users',
      permission: 'adminUser',
      params: { id: 'uuid' },
      component: lazy(() => import('./UserPage.tsx')),
    },
  ],
  navigation: {
    path: '/admin/users',
    title: 'titles.users',
    permission: 'adminUser',
    icon: People,
  },
};

export default module;
