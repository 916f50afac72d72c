import { lazy } from 'react';
import type { NavigationEntry, ScreenRoute } from './module.ts';
import { MODULES } from './modules.ts';

export { paramsValid, type ScreenRoute } from './module.ts';

const NoAccess = lazy(() => import('./pages/NoAccessPage.tsx'));

/** Every screen inside the shell: the application's own pages, then each module's. */
export const SCREENS: ScreenRoute[] = [
  { path: 'no-access', title: 'titles.noAccess', component: NoAccess },
  ...MODULES.flatMap((module) => module.routes),
];

/** The sidebar: what the account may open, in the order of the modules. */
export const NAVIGATION: NavigationEntry[] = MODULES.flatMap((module) =>
  module.navigation ? [module.navigation] : [],
);
