import { Description } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../app/module.ts';

// Still to be built: the route, its title, permission and guard are real.
const Placeholder = lazy(() => import('../../app/pages/PlaceholderPage.tsx'));

const module: FeatureModule = {
  routes: [
    { path: 'bills', title: 'titles.bills', permission: 'billRead', component: Placeholder },
    { path: 'bills/new', title: 'titles.newBill', permission: 'billWrite', component: Placeholder },
    {
      path: 'bills/:bill',
      title: 'titles.billDetails',
      permission: 'billRead',
      params: { bill: 'numeric' },
      component: Placeholder,
    },
  ],
  navigation: { path: '/bills', title: 'titles.bills', permission: 'billRead', icon: Description },
};

export default module;
