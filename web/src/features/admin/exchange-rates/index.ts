import { CurrencyExchange } from '@mui/icons-material';
import { lazy } from 'react';
import type { FeatureModule } from '../../../app/module.ts';

// Exchange rates (issue 15): maintained by administrators (the admin scope writes them).
const module: FeatureModule = {
  routes: [
    {
      path: 'admin/exchange-rates',
      title: 'titles.exchangeRates',
      permission: 'admin',
      component: lazy(() => import('./ExchangeRatesPage.tsx')),
    },
  ],
  navigation: {
    path: '/admin/exchange-rates',
    title: 'titles.exchangeRates',
    permission: 'admin',
    icon: CurrencyExchange,
  },
};

export default module;
