import { AccountBalance, Savings } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../app/module.ts';

/** Bank statements: import, matching to invoices and bills, reconciliation (docs/reconciliation.md). */
const module: FeatureModule = {
  routes: [
    {
      path: 'banking',
      title: 'titles.banking',
      permission: 'paymentRead',
      component: lazy(() => import('./BankingPage.tsx')),
    },
    {
      path: 'banking/reconciliation',
      title: 'titles.reconciliation',
      permission: 'paymentRead',
      component: lazy(() => import('./ReconciliationPage.tsx')),
    },
  ],
  navigation: {
    path: '/banking',
    title: 'titles.banking',
    permission: 'paymentRead',
    icon: Savings,
  },
};

/** The bank accounts of the subsidiaries, kept by who manages the subsidiaries. */
export const bankAccountsAdmin: FeatureModule = {
  routes: [
    {
      path: 'admin/bank-accounts',
      title: 'titles.bankAccounts',
      permission: 'adminCompany',
      component: lazy(() => import('./BankAccountsPage.tsx')),
    },
  ],
  navigation: {
    path: '/admin/bank-accounts',
    title: 'titles.bankAccounts',
    permission: 'adminCompany',
    icon: AccountBalance,
  },
};

export default module;
