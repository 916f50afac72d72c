import { People } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../../app/module.ts';

// Still to be built: the route, its title, permission and guard are real.
const Placeholder = lazy(() => import('../../../app/pages/PlaceholderPage.tsx'));

const module: FeatureModule = {
  routes: [
    { path: 'admin/users', title: 'titles.users', permission: 'adminUser', component: Placeholder },
    {
      path: 'admin/users/:id',
      title: 'titles.users',
      permission: 'adminUser',
      params: { id: 'uuid' },
      component: Placeholder,
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
