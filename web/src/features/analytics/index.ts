import { Analytics } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../app/module.ts';

const module: FeatureModule = {
  routes: [
    {
      path: 'analytics',
      title: 'titles.analytics',
      permission: 'createReport',
      component: lazy(() => import('./AnalyticsPage.tsx')),
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
