import { Description } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../app/module.ts';

const module: FeatureModule = {
  routes: [
    {
      path: 'bills',
      title: 'titles.bills',
      permission: 'billRead',
      component: lazy(() => import('./BillsPage.tsx')),
    },
    {
      path: 'bills/new',
      title: 'titles.newBill',
      permission: 'billWrite',
      component: lazy(() => import('./BillWizardPage.tsx')),
    },
    {
      path: 'bills/:bill',
      title: 'titles.billDetails',
      permission: 'billRead',
      params: { bill: 'numeric' },
      component: lazy(() => import('./BillDetailsPage.tsx')),
    },
  ],
  navigation: { path: '/bills', title: 'titles.bills', permission: 'billRead', icon: Description },
};

export default module;
