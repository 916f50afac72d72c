import { Apartment } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../../app/module.ts';

// Still to be built: the route, its title, permission and guard are real.
const Placeholder = lazy(() => import('../../../app/pages/PlaceholderPage.tsx'));

const module: FeatureModule = {
  routes: [
    {
      path: 'admin/subsidiaries',
      title: 'titles.subsidiary',
      permission: 'adminCompany',
      component: Placeholder,
    },
  ],
  navigation: {
    path: '/admin/subsidiaries',
    title: 'titles.subsidiary',
    permission: 'adminCompany',
    icon: Apartment,
  },
};

export default module;
