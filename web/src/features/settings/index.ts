import { lazy } from 'react';
import type { FeatureModule } from '../../app/module.ts';

const module: FeatureModule = {
  routes: [
    {
      path: 'user-settings',
      title: 'titles.userSettings',
      component: lazy(() => import('./UserSettingsPage.tsx')),
    },
  ],
};

export default module;
