import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Permission } from '../session/permissions.ts';

/** One screen of SPEC §2: its path (inside the shell), title key and the permission it needs. */
export interface ScreenRoute {
  path: string;
  title: string;
  permission?: Permission;
  /** Path parameters that must be numeric (or a uuid where the id is one). */
  params?: Record<string, 'numeric' | 'uuid'>;
  component: LazyExoticComponent<ComponentType>;
}

// Feature screens load on demand, one chunk per area.
const Placeholder = lazy(() => import('./pages/PlaceholderPage.tsx'));
const Home = lazy(() => import('../features/home/HomePage.tsx'));
const UserSettings = lazy(() => import('../features/settings/UserSettingsPage.tsx'));
const Projects = lazy(() => import('../features/admin/projects/ProjectsPage.tsx'));
const CostTypes = lazy(() => import('../features/admin/cost-types/CostTypesPage.tsx'));
const RedirectToInvoice = lazy(() => import('./pages/RedirectToInvoicePage.tsx'));
const NoAccess = lazy(() => import('./pages/NoAccessPage.tsx'));

export const SCREENS: ScreenRoute[] = [
  { path: '', title: 'titles.home', component: Home },
  { path: 'no-access', title: 'titles.noAccess', component: NoAccess },
  { path: 'user-settings', title: 'titles.userSettings', component: UserSettings },
  { path: 'bills', title: 'titles.bills', permission: 'billRead', component: Placeholder },
  { path: 'bills/new', title: 'titles.newBill', permission: 'billWrite', component: Placeholder },
  {
    path: 'bills/:bill',
    title: 'titles.billDetails',
    permission: 'billRead',
    params: { bill: 'numeric' },
    component: Placeholder,
  },
  {
    path: 'documents',
    title: 'titles.documents',
    permission: 'documentsRead',
    component: Placeholder,
  },
  {
    path: 'documents/new',
    title: 'titles.newDocument',
    permission: 'documentsWrite',
    component: Placeholder,
  },
  {
    path: 'documents/:document',
    title: 'titles.documentDetails',
    permission: 'documentsRead',
    params: { document: 'uuid' },
    component: Placeholder,
  },
  {
    path: 'documents/:document/edit',
    title: 'titles.documentDetails',
    permission: 'documentsWrite',
    params: { document: 'uuid' },
    component: Placeholder,
  },
  {
    path: 'documents/:document/files',
    title: 'titles.documentDetails',
    permission: 'documentsWrite',
    params: { document: 'uuid' },
    component: Placeholder,
  },
  {
    path: 'subsidiaries/new',
    title: 'titles.newSubsidiary',
    permission: 'documentsWrite',
    component: Placeholder,
  },
  {
    path: 'subsidiaries/:subsidiary',
    title: 'titles.subsidiaryDetails',
    permission: 'documentsRead',
    params: { subsidiary: 'uuid' },
    component: Placeholder,
  },
  { path: 'invoices', title: 'titles.invoices', permission: 'invoiceRead', component: Placeholder },
  {
    path: 'invoices/new',
    title: 'titles.newInvoice',
    permission: 'invoiceWrite',
    component: Placeholder,
  },
  {
    path: 'invoices/:invoice',
    title: 'titles.invoiceDetails',
    permission: 'invoiceRead',
    params: { invoice: 'numeric' },
    component: Placeholder,
  },
  { path: 'costs', title: 'titles.costs', permission: 'costRead', component: Placeholder },
  {
    path: 'redirect-to-invoice/cost/:costId',
    title: 'titles.redirectToInvoice',
    permission: 'costRead',
    params: { costId: 'numeric' },
    component: RedirectToInvoice,
  },
  {
    path: 'analytics',
    title: 'titles.analytics',
    permission: 'createReport',
    component: Placeholder,
  },
  {
    path: 'admin/clients',
    title: 'titles.clients',
    permission: 'adminCompany',
    component: Placeholder,
  },
  {
    path: 'admin/supplier',
    title: 'titles.supplier',
    permission: 'adminCompany',
    component: Placeholder,
  },
  {
    path: 'admin/subsidiaries',
    title: 'titles.subsidiary',
    permission: 'adminCompany',
    component: Placeholder,
  },
  {
    path: 'admin/projects',
    title: 'titles.projects',
    permission: 'adminProject',
    component: Projects,
  },
  {
    path: 'admin/cost-types',
    title: 'titles.costTypes',
    permission: 'adminCostType',
    component: CostTypes,
  },
  {
    path: 'admin/services',
    title: 'titles.services',
    permission: 'adminService',
    component: Placeholder,
  },
  { path: 'admin/users', title: 'titles.users', permission: 'adminUser', component: Placeholder },
  {
    path: 'admin/users/:id',
    title: 'titles.users',
    permission: 'adminUser',
    params: { id: 'uuid' },
    component: Placeholder,
  },
  { path: 'admin/roles', title: 'titles.roles', permission: 'adminUser', component: Placeholder },
];

/** The sidebar: what the account may open, in this order. */
export const NAVIGATION: { path: string; title: string; permission?: Permission; icon: string }[] =
  [
    { path: '/', title: 'titles.home', icon: 'home' },
    { path: '/invoices', title: 'titles.invoices', permission: 'invoiceRead', icon: 'invoices' },
    { path: '/costs', title: 'titles.costs', permission: 'costRead', icon: 'costs' },
    { path: '/bills', title: 'titles.bills', permission: 'billRead', icon: 'bills' },
    {
      path: '/documents',
      title: 'titles.documents',
      permission: 'documentsRead',
      icon: 'documents',
    },
    {
      path: '/analytics',
      title: 'titles.analytics',
      permission: 'createReport',
      icon: 'analytics',
    },
    {
      path: '/admin/clients',
      title: 'titles.clients',
      permission: 'adminCompany',
      icon: 'clients',
    },
    {
      path: '/admin/supplier',
      title: 'titles.supplier',
      permission: 'adminCompany',
      icon: 'suppliers',
    },
    {
      path: '/admin/subsidiaries',
      title: 'titles.subsidiary',
      permission: 'adminCompany',
      icon: 'subsidiaries',
    },
    {
      path: '/admin/projects',
      title: 'titles.projects',
      permission: 'adminProject',
      icon: 'projects',
    },
    {
      path: '/admin/cost-types',
      title: 'titles.costTypes',
      permission: 'adminCostType',
      icon: 'costTypes',
    },
    {
      path: '/admin/services',
      title: 'titles.services',
      permission: 'adminService',
      icon: 'services',
    },
    { path: '/admin/users', title: 'titles.users', permission: 'adminUser', icon: 'users' },
    { path: '/admin/roles', title: 'titles.roles', permission: 'adminUser', icon: 'roles' },
  ];

const PATTERNS = {
  numeric: /^\d+$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
};

export function paramsValid(
  route: ScreenRoute,
  params: Record<string, string | undefined>,
): boolean {
  return Object.entries(route.params ?? {}).every(([name, kind]) =>
    PATTERNS[kind].test(params[name] ?? ''),
  );
}
