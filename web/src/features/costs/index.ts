import { RequestQuote } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../app/module.ts';

const module: FeatureModule = {
  routes: [
    {
      path: 'costs',
      title: 'titles.costs',
      permission: 'costRead',
      component: lazy(() => import('./CostsPage.tsx')),
    },
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
