import { History } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../../app/module.ts';

const module: FeatureModule = {
  routes: [
    {
      path: 'admin/audit',
      title: 'titles.audit',
      permission: 'admin',
      component: lazy(() => import('./AuditPage.tsx')),
    },
  ],
  navigation: {
    path: '/admin/audit',
    title: 'titles.audit',
    permission: 'admin',
    icon: History,
  },
};

export default module;
