import { Home } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../app/module.ts';

const module: FeatureModule = {
  routes: [{ path: '', title: 'titles.home', component: lazy(() => import('./HomePage.tsx')) }],
  navigation: { path: '/', title: 'titles.home', icon: Home },
};

export default module;
