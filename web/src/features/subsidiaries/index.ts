import { lazy } from 'react';
import type { FeatureModule } from '../../app/module.ts';

const module: FeatureModule = {
  routes: [
    {
      path: 'subsidiaries/new',
      title: 'titles.newSubsidiary',
      permission: 'documentsWrite',
      component: lazy(() => import('./NewSubsidiaryPage.tsx')),
    },
    {
      path: 'subsidiaries/:subsidiary',
      title: 'titles.subsidiaryDetails',
      permission: 'documentsRead',
      params: { subsidiary: 'uuid' },
      component: lazy(() => import('./SubsidiaryPage.tsx')),
    },
  ],
};

export default module;
