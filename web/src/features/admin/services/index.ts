import { MiscellaneousServices } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../../app/module.ts';

// Still to be built: the route, its title, permission and guard are real.
const Placeholder = lazy(() => import('../../../app/pages/PlaceholderPage.tsx'));

const module: FeatureModule = {
  routes: [
    {
      path: 'admin/services',
      title: 'titles.services',
      permission: 'adminService',
      component: Placeholder,
    },
  ],
  navigation: {
    path: '/admin/services',
    title: 'titles.services',
    permission: 'adminService',
    icon: MiscellaneousServices,
  },
};

export default module;
