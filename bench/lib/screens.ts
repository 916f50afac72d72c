/**
 * The list screens as the web app asks for them: each screen's own generated GraphQL document
 * (web/src/api/generated.ts, from the .graphql files the screens import), and its variables built
 * by the screen's own functions (table state read from a URL, then the screen's paging and filter
 * functions), for page 1 with a typical filter and sort. A change to a screen's query or filter
 * is measured by the next run without touching the benchmark.
 */
import {
  AllBillsDocument,
  AuditLogDocument,
  AllClientsDocument,
  AllCostsDocument,
  AllCostTypesDocument,
  AllDocumentsDocument,
  AllExchangeRatesDocument,
  AllInvoicesDocument,
  AllProjectsDocument,
  AllRolesDocument,
  AllServicesDocument,
  AllSubsidiariesAdminDocument,
  AllSuppliersDocument,
  AllUsersDocument,
  UnpaidBillsDocument,
  UnpaidBillsTotalDocument,
  type BillOrderBy,
  type CostOrderBy,
  type DocumentOrderBy,
  type ExchangeRateOrderBy,
  type InvoiceOrderBy,
} from '../../web/src/api/generated.ts';
import { readTableState, pagingVariables } from '../../web/src/components/DataTable/table-state.ts';
import {
  referenceFilter,
  referenceTableConfig,
} from '../../web/src/components/reference-table-state.ts';
import {
  RATES_TABLE,
  ratesFilter,
} from '../../web/src/features/admin/exchange-rates/rates-table.ts';
import { AUDIT_TABLE, auditVariables } from '../../web/src/features/admin/audit/audit-filters.ts';
import {
  BILLS_TABLE,
  UNPAID_TABLE,
  billsFilter,
  unpaidTotalVariables,
} from '../../web/src/features/bills/filters.ts';
import { COSTS_TABLE, costsVariables } from '../../web/src/features/costs/costs-list.ts';
import {
  DOCUMENTS_TABLE,
  documentFilter,
} from '../../web/src/features/documents/document-filters.ts';
import { INVOICE_TABLE, invoiceFilter } from '../../web/src/features/invoices/invoice-filters.ts';
import type { Permission } from '../../web/src/session/permissions.ts';
import type { Account, InfoCase } from './queries.ts';

export const ACCOUNTS: readonly Account[] = ['admin', 'accountant', 'manager', 'viewer'];

export interface Screen {
  /** Short key, also the timing label prefix. */
  key: string;
  /** What the results table says. */
  screen: string;
  /** The route, with the URL query the variables come from. */
  url: string;
  /** The permission flag the route requires (web/src/features/<area>/index.ts). */
  permission: Permission;
  /** The document's text, exactly as the web app sends it. */
  query: string;
  variables: Record<string, unknown>;
}

const params = (url: string) => new URLSearchParams(url.split('?')[1] ?? '');
const today = new Date();

/** Reference tables (components/ReferenceTable.tsx): newest first, no filter until one is typed. */
function referenceScreen(
  key: string,
  screen: string,
  path: string,
  permission: Permission,
  document: { toString(): string },
): Screen {
  const url = `${path}?size=50`;
  const state = readTableState(params(url), referenceTableConfig(['CREATED_AT'] as const));
  return {
    key,
    screen,
    url,
    permission,
    query: document.toString(),
    variables: {
      ...pagingVariables<'CREATED_AT_DESC' | 'CREATED_AT_ASC'>(state),
      // No search typed, so the search fields do not matter.
      filter: referenceFilter(state.filters, []),
    },
  };
}

function invoices(): Screen {
  const url = '/invoices?status=validated&sort=INVOICE_DATE.desc&size=50';
  const state = readTableState(params(url), INVOICE_TABLE);
  return {
    key: 'invoices',
    screen: 'Invoices',
    url,
    permission: 'invoiceRead',
    query: AllInvoicesDocument.toString(),
    variables: {
      ...pagingVariables<InvoiceOrderBy>(state),
      filter: invoiceFilter(state.filters),
    },
  };
}

function costs(): Screen {
  const url = '/costs?status=to_approve&size=50';
  const state = readTableState(params(url), COSTS_TABLE);
  return {
    key: 'costs',
    screen: 'Costs',
    url,
    permission: 'costRead',
    query: AllCostsDocument.toString(),
    variables: { ...costsVariables(state.filters, pagingVariables<CostOrderBy>(state)) },
  };
}

function bills(): Screen {
  const url = '/bills?status=validated&size=50';
  const state = readTableState(params(url), BILLS_TABLE);
  return {
    key: 'bills',
    screen: 'Bills',
    url,
    permission: 'billRead',
    query: AllBillsDocument.toString(),
    variables: { ...pagingVariables<BillOrderBy>(state), filter: billsFilter(state.filters) },
  };
}

const UNPAID_URL = '/bills?unpaid=1&size=50';
const unpaidState = () => readTableState(params(UNPAID_URL), UNPAID_TABLE);

function unpaidBills(): Screen {
  const url = UNPAID_URL;
  const state = unpaidState();
  return {
    key: 'unpaid-bills',
    screen: 'Unpaid bills',
    url,
    permission: 'billRead',
    query: UnpaidBillsDocument.toString(),
    variables: { ...pagingVariables<BillOrderBy>(state), filter: billsFilter(state.filters) },
  };
}

function documents(): Screen {
  const url = '/documents?type=Contract&size=50';
  const state = readTableState(params(url), DOCUMENTS_TABLE);
  return {
    key: 'documents',
    screen: 'Documents',
    url,
    permission: 'documentsRead',
    query: AllDocumentsDocument.toString(),
    variables: {
      ...pagingVariables<DocumentOrderBy>(state),
      filter: documentFilter(state.filters, today),
    },
  };
}

function exchangeRates(): Screen {
  const url = '/admin/exchange-rates?size=50';
  const state = readTableState(params(url), RATES_TABLE);
  return {
    key: 'exchange-rates',
    screen: 'Exchange rates',
    url,
    permission: 'admin',
    query: AllExchangeRatesDocument.toString(),
    variables: {
      ...pagingVariables<ExchangeRateOrderBy>(state),
      filter: ratesFilter(state.filters),
    },
  };
}

/**
 * The audit log: one kind of record over a quarter, newest first (an auditor's typical search).
 * A quarter the trail covers at every scale: at scale 10 it starts in July 2026 (bench:data
 * --audit-rows, bench/README.md), so an earlier quarter would find nothing there.
 */
function auditLog(): Screen {
  const url = '/admin/audit?kind=costs&from=2026-08-01&to=2026-10-31&size=50';
  const state = readTableState(params(url), AUDIT_TABLE);
  return {
    key: 'audit',
    screen: 'Audit log',
    url,
    permission: 'admin',
    query: AuditLogDocument.toString(),
    variables: auditVariables(state),
  };
}

/** Every list screen of the web app (SPEC §2 and the administration screens). */
export const SCREENS: Screen[] = [
  invoices(),
  costs(),
  bills(),
  unpaidBills(),
  documents(),
  referenceScreen('clients', 'Clients', '/admin/clients', 'adminCompany', AllClientsDocument),
  referenceScreen(
    'suppliers',
    'Suppliers',
    '/admin/supplier',
    'adminCompany',
    AllSuppliersDocument,
  ),
  referenceScreen(
    'subsidiaries',
    'Subsidiaries',
    '/admin/subsidiaries',
    'adminCompany',
    AllSubsidiariesAdminDocument,
  ),
  referenceScreen('projects', 'Projects', '/admin/projects', 'adminProject', AllProjectsDocument),
  referenceScreen(
    'cost-types',
    'Cost types',
    '/admin/cost-types',
    'adminCostType',
    AllCostTypesDocument,
  ),
  referenceScreen('services', 'Services', '/admin/services', 'adminService', AllServicesDocument),
  referenceScreen('users', 'Users', '/admin/users', 'adminUser', AllUsersDocument),
  referenceScreen('roles', 'Roles', '/admin/roles', 'adminUser', AllRolesDocument),
  exchangeRates(),
  auditLog(),
];

/**
 * The unpaid view's total outstanding: its own request, sent with the page's (its rows do not
 * wait for it), as the screen sends it: without filters, the totals the database keeps per
 * subsidiary and project (0308). Measured beside the screens, not counted as a screen's first
 * rows.
 */
export const UNPAID_TOTALS: InfoCase[] = ACCOUNTS.map((account) => ({
  key: `unpaid-total-${account}`,
  screen: 'Unpaid bills: the total outstanding (its own request)',
  account,
  query: UnpaidBillsTotalDocument.toString(),
  variables: unpaidTotalVariables(unpaidState().filters),
}));
