import { ReceiptLong } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../app/module.ts';

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
      component: lazy(() => import('./NewInvoicePage.tsx')),
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
