import { lazy } from 'react';
import type { FeatureModule } from '../../app/module.ts';

// No sidebar entry: the gallery is opened by its address, in builds that include it.
const module: FeatureModule = {
  routes: [
    {
      path: 'test-grounds',
      title: 'titles.testGrounds',
      // Pure: when the gallery is not built (web/src/app/modules.ts), nothing of it remains.
      component: /* @__PURE__ */ lazy(() => import('./TestGroundsPage.tsx')),
    },
  ],
};

export default module;
