import { Business } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../../app/module.ts';

const module: FeatureModule = {
  routes: [
    {
      path: 'admin/projects',
      title: 'titles.projects',
      permission: 'adminProject',
      component: lazy(() => import('./ProjectsPage.tsx')),
    },
  ],
  navigation: {
    path: '/admin/projects',
    title: 'titles.projects',
    permission: 'adminProject',
    icon: Business,
  },
};

export default module;
