import { ReceiptLong } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../app/module.ts';

// Still to be built: the route, its title, permission and guard are real.
const Placeholder = lazy(() => import('../../app/pages/PlaceholderPage.tsx'));

const module: FeatureModule = {
  routes: [
    {
      path: 'invoices',
      title: 'titles.invoices',
      permission: 'invoiceRead',
      component: lazy(() => import('./InvoicesPage.tsx')),
    },
    {
      path: 'invoices/new',
      title: 'titles.newInvoice',
      permission: 'invoiceWrite',
      component: Placeholder,
    },
    {
      path: 'invoices/:invoice',
      title: 'titles.invoiceDetails',
      permission: 'invoiceRead',
      params: { invoice: 'numeric' },
      component: lazy(() => import('./InvoiceDetailsPage.tsx')),
    },
  ],
  navigation: {
    path: '/invoices',
    title: 'titles.invoices',
    permission: 'invoiceRead',
    icon: ReceiptLong,
  },
};

export default module;
