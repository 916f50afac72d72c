import { lazy } from 'react';
import type { FeatureModule } from '../../app/module.ts';

// Still to be built: the route, its title, permission and guard are real.
const Placeholder = lazy(() => import('../../app/pages/PlaceholderPage.tsx'));

const module: FeatureModule = {
  routes: [
    {
      path: 'subsidiaries/new',
      title: 'titles.newSubsidiary',
      permission: 'documentsWrite',
      component: Placeholder,
    },
    {
      path: 'subsidiaries/:subsidiary',
      title: 'titles.subsidiaryDetails',
      permission: 'documentsRead',
      params: { subsidiary: 'uuid' },
      component: Placeholder,
    },
  ],
};

export default module;
