import { RequestQuote } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../app/module.ts';

// Still to be built: the route, its title, permission and guard are real.
const Placeholder = lazy(() => import('../../app/pages/PlaceholderPage.tsx'));

const module: FeatureModule = {
  routes: [
    { path: 'costs', title: 'titles.costs', permission: 'costRead', component: Placeholder },
    {
      path: 'redirect-to-invoice/cost/:costId',
      title: 'titles.redirectToInvoice',
      permission: 'costRead',
      params: { costId: 'numeric' },
      component: lazy(() => import('./RedirectToInvoicePage.tsx')),
    },
  ],
  navigation: { path: '/costs', title: 'titles.costs', permission: 'costRead', icon: RequestQuote },
};

export default module;
