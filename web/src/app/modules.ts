// The areas of the application, in the sidebar's order. Adding a screen: one folder under
// web/src/features with an index.ts (docs/web.md), and one line here.
import adminAudit from '../features/admin/audit/index.ts';
import adminClients from '../features/admin/clients/index.ts';
import adminCostTypes from '../features/admin/cost-types/index.ts';
import adminExchangeRates from '../features/admin/exchange-rates/index.ts';
import adminProjects from '../features/admin/projects/index.ts';
import adminRoles from '../features/admin/roles/index.ts';
import adminServices from '../features/admin/services/index.ts';
import adminSubsidiaries from '../features/admin/subsidiaries/index.ts';
import adminSuppliers from '../features/admin/suppliers/index.ts';
import adminUsers from '../features/admin/users/index.ts';
import analytics from '../features/analytics/index.ts';
import banking, { bankAccountsAdmin } from '../features/banking/index.ts';
import bills from '../features/bills/index.ts';
import costs from '../features/costs/index.ts';
import documents from '../features/documents/index.ts';
import home from '../features/home/index.ts';
import invoices from '../features/invoices/index.ts';
import search from '../features/search/index.ts';
import settings from '../features/settings/index.ts';
import subsidiaries from '../features/subsidiaries/index.ts';
import testGrounds from '../features/test-grounds/index.ts';
import type { FeatureModule } from './module.ts';

export const MODULES: FeatureModule[] = [
  home,
  invoices,
  costs,
  bills,
  banking,
  documents,
  subsidiaries,
  analytics,
  adminClients,
  adminSuppliers,
  adminSubsidiaries,
  bankAccountsAdmin,
  adminProjects,
  adminCostTypes,
  adminServices,
  adminUsers,
  adminRoles,
  adminExchangeRates,
  adminAudit,
  settings,
  search,
  // The component gallery only in a build made with VITE_TEST_GROUNDS=on: otherwise this is a
  // constant false and the build leaves the gallery out entirely.
  ...(import.meta.env.VITE_TEST_GROUNDS === 'on' ? [testGrounds] : []),
];
