import { lazy } from 'react';
import type { FeatureModule } from '../../app/module.ts';

/**
 * The global search (docs/web.md "Search"): /search?q=… with every group; its quick results open
 * from the header's field or Ctrl+K (HeaderSearch, in the shell). No sidebar entry.
 */
const module: FeatureModule = {
  routes: [
    {
      path: 'search',
      title: 'table.lists.costSearch',
      component: lazy(() => import('./SearchPage.tsx')),
    },
  ],
};

export default module;
