import { Analytics } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../app/module.ts';

// Still to be built: the route, its title, permission and guard are real.
const Placeholder = lazy(() => import('../../app/pages/PlaceholderPage.tsx'));

const module: FeatureModule = {
  routes: [
    {
      path: 'analytics',
      title: 'titles.analytics',
      permission: 'createReport',
      component: Placeholder,
    },
  ],
  navigation: {
    path: '/analytics',
    title: 'titles.analytics',
    permission: 'createReport',
    icon: Analytics,
  },
};

export default module;
