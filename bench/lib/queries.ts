/**
 * What the benchmark asks: the nested invoice list (GraphQL and its hand-written SQL twin) and
 * page 1 of each list screen of SPEC §2, the way the web app asks for it (orderBy with a primary
 * key tiebreak, first/offset, totalCount, the columns the screen shows).
 */

/** Rows per page in every measured list. */
export const PAGE_SIZE = 50;

/** The year the bills list filters on: the last year of the generated data. */
const BILL_YEAR = 2026;

/** Cost lines per invoice in the nested list: a page asks for a bounded number (query cost). */
const COST_LINES = 30;

/**
 * The nested invoice list: 50 invoices of one subsidiary, newest first, each with its supplier's
 * name and its first 30 live cost lines (the server refuses a list without a page size inside a
 * list of 50 as too costly: docs/operations.md "Query cost"). Filtering on the subsidiary makes
 * the RLS-bound and the bypassing role return the same rows, so that their difference is the cost
 * of the policies alone.
 */
export const NESTED_QUERY = `query NestedInvoices($subsidiaryId: UUID!) {
  allInvoices(
    first: ${PAGE_SIZE}
    orderBy: [INVOICE_DATE_DESC, PRIMARY_KEY_ASC]
    filter: { subsidiaryId: { equalTo: $subsidiaryId }, isDeleted: { equalTo: false } }
  ) {
    totalCount
    nodes {
      id
      invoiceRef
      invoiceDate
      currency
      amount
      amountWVat
      status
      supplier { legalName }
      costs(first: ${COST_LINES}, orderBy: PRIMARY_KEY_ASC, filter: { isDeleted: { equalTo: false } }) {
        nodes { id name amount amountWVat status }
      }
    }
  }
}`;

/**
 * The same answer as NESTED_QUERY in one SQL statement, JSON built by PostgreSQL, run by the raw
 * route inside the same per-request transaction and settings (role, claims, statement timeout).
 */
export const RAW_NESTED_SQL = `
select json_build_object('data', json_build_object('allInvoices', json_build_object(
  'totalCount', (select count(*) from app_public.invoices i where i.subsidiary_id = $1 and i.is_deleted = false),
  'nodes', coalesce((
    select json_agg(json_build_object(
             'id', i.id, 'invoiceRef', i.invoice_ref, 'invoiceDate', i.invoice_date, 'currency', i.currency,
             'amount', i.amount::text, 'amountWVat', i.amount_w_vat::text, 'status', i.status,
             'supplier', (select json_build_object('legalName', s.legal_name)
                            from app_public.suppliers s where s.id = i.supplier_id),
             'costs', json_build_object('nodes', coalesce((
               select json_agg(json_build_object('id', c.id, 'name', c.name, 'amount', c.amount::text,
                                                 'amountWVat', c.amount_w_vat::text, 'status', c.status) order by c.id)
                 from (select * from app_public.costs c where c.invoice_id = i.id and c.is_deleted = false
                        order by c.id limit ${COST_LINES}) c), '[]'::json)))
           order by i.invoice_date desc, i.id)
      from (select * from app_public.invoices i
             where i.subsidiary_id = $1 and i.is_deleted = false
             order by i.invoice_date desc, i.id limit ${PAGE_SIZE}) i), '[]'::json))))::text as body`;

export type Account = 'admin' | 'accountant' | 'manager' | 'viewer';

export interface ListCase {
  /** Short key, also the timing label. */
  key: string;
  /** What the row of the results table says. */
  screen: string;
  account: Account;
  sort: string;
  filter: string;
  /** Counted in "p95 list ms" (a list screen of SPEC §2), or shown for information. */
  screenOfSpec: boolean;
  query: string;
  variables: Record<string, unknown>;
}

const list = (
  field: string,
  type: string,
  orderBy: string,
  nodes: string,
) => `query List($filter: ${type}Filter) {
  ${field}(first: ${PAGE_SIZE}, offset: 0, orderBy: [${orderBy}, PRIMARY_KEY_ASC], filter: $filter) {
    totalCount
    nodes { ${nodes} }
  }
}`;

const INVOICE_COLUMNS = `id type invoiceRef invoiceDate dueDate currency amount amountUsd amountWVat amountUsdWVat
  status costsStatus paymentStatus isDeleted lastPaymentDate createdAt hasPayments
  subsidiary { id shortName } supplier { id shortName }
  userByCreatedBy { id displayName } userByValidatedBy { id displayName } userByClosedBy { id displayName }`;

const INVOICES_TO_PROCESS = {
  filter: { isDeleted: { equalTo: false }, status: { in: ['open', 'validated'] } },
};

export const LIST_CASES: ListCase[] = [
  {
    key: 'invoices',
    screen: 'Invoices',
    account: 'accountant',
    sort: 'invoice date ↓',
    filter: 'not archived, status open or validated',
    screenOfSpec: true,
    query: list('allInvoices', 'Invoice', 'INVOICE_DATE_DESC', INVOICE_COLUMNS),
    variables: INVOICES_TO_PROCESS,
  },
  {
    key: 'costs',
    screen: 'Costs',
    account: 'accountant',
    sort: 'created at ↓',
    filter: 'not archived, to approve',
    screenOfSpec: true,
    query: list(
      'allCosts',
      'Cost',
      'CREATED_AT_DESC',
      `id name description amount amountUsd amountWVat amountUsdWVat vat currency status toBill period year
       createdAt invoiceId billId costType { id name } project { id name } subsidiary { id shortName }
       invoice { id invoiceRef invoiceDate supplier { id shortName } }
       userByApprovedBy { id displayName } userByCreatedBy { id displayName }`,
    ),
    variables: { filter: { isDeleted: { equalTo: false }, status: { equalTo: 'to_approve' } } },
  },
  {
    key: 'bills',
    screen: 'Bills',
    account: 'accountant',
    sort: 'invoice date ↓',
    filter: `not archived, year ${BILL_YEAR}`,
    screenOfSpec: true,
    query: list(
      'allBills',
      'Bill',
      'INVOICE_DATE_DESC',
      `id name description period year currency amount amountUsd vat amountWVat amountUsdWVat invoiceRef
       dueDate invoiceDate actId createdAt hasPayments lastPaymentDate isDeleted status paymentStatus
       client { id shortName } subsidiary { id shortName } project { id name } service { id name }
       userByCreatedBy { id displayName } userByClosedBy { id displayName }`,
    ),
    variables: { filter: { isDeleted: { equalTo: false }, year: { equalTo: BILL_YEAR } } },
  },
  {
    key: 'documents',
    screen: 'Documents',
    account: 'viewer',
    sort: 'signing date ↓',
    filter: 'type Contract',
    screenOfSpec: true,
    query: list(
      'allDocuments',
      'Document',
      'SIGNING_DATE_DESC',
      `id name type description comments amount currency signingDate expirationDate isDeleted createdAt
       parentName contractor { id legalName } principal { id legalName } client { id legalName }
       service { id name } userByCreatedBy { id displayName }`,
    ),
    variables: { filter: { type: { equalTo: 'Contract' } } },
  },
  {
    key: 'clients',
    screen: 'Clients',
    account: 'admin',
    sort: 'created at ↓',
    filter: '—',
    screenOfSpec: true,
    query: list(
      'allClients',
      'Client',
      'CREATED_AT_DESC',
      `id legalName shortName country createdAt taxId registrationNumber legalForm taxReasonCode
       registeredAddress`,
    ),
    variables: {},
  },
  {
    key: 'suppliers',
    screen: 'Suppliers',
    account: 'admin',
    sort: 'created at ↓',
    filter: '—',
    screenOfSpec: true,
    query: list(
      'allSuppliers',
      'Supplier',
      'CREATED_AT_DESC',
      'id legalName shortName country createdAt userId user { id username firstName lastName }',
    ),
    variables: {},
  },
  {
    key: 'subsidiaries',
    screen: 'Subsidiaries',
    account: 'admin',
    sort: 'created at ↓',
    filter: '—',
    screenOfSpec: true,
    query: list(
      'allSubsidiaries',
      'Subsidiary',
      'CREATED_AT_DESC',
      'id legalName shortName country createdAt',
    ),
    variables: {},
  },
  {
    key: 'projects',
    screen: 'Projects',
    account: 'admin',
    sort: 'created at ↓',
    filter: '—',
    screenOfSpec: true,
    query: list('allProjects', 'Project', 'CREATED_AT_DESC', 'id name accessKey createdAt'),
    variables: {},
  },
  {
    key: 'cost-types',
    screen: 'Cost types',
    account: 'admin',
    sort: 'created at ↓',
    filter: '—',
    screenOfSpec: true,
    query: list('allCostTypes', 'CostType', 'CREATED_AT_DESC', 'id name createdAt'),
    variables: {},
  },
  {
    key: 'services',
    screen: 'Services',
    account: 'admin',
    sort: 'name',
    filter: '—',
    screenOfSpec: true,
    query: list('allServices', 'Service', 'NAME_ASC', 'id name'),
    variables: {},
  },
  {
    key: 'users',
    screen: 'Users',
    account: 'admin',
    sort: 'created at ↓',
    filter: '—',
    screenOfSpec: true,
    query: list(
      'allUsers',
      'User',
      'CREATED_AT_DESC',
      'id username firstName lastName additionalName avatarFileId isActive createdAt displayName',
    ),
    variables: {},
  },
  {
    key: 'roles',
    screen: 'Roles',
    account: 'admin',
    sort: 'name',
    filter: '—',
    screenOfSpec: true,
    query: list(
      'allRoles',
      'Role',
      'NAME_ASC',
      'id name roleScopes(first: 50) { totalCount nodes { id scope } }',
    ),
    variables: {},
  },
  {
    key: 'invoices-manager',
    screen: 'Invoices, project-limited account',
    account: 'manager',
    sort: 'invoice date ↓',
    filter: 'not archived, status open or validated',
    screenOfSpec: false,
    query: list('allInvoices', 'Invoice', 'INVOICE_DATE_DESC', INVOICE_COLUMNS),
    variables: INVOICES_TO_PROCESS,
  },
  {
    key: 'payments',
    screen: 'Payments (list query, no screen)',
    account: 'accountant',
    sort: 'payment date ↓',
    filter: `paid in ${BILL_YEAR}`,
    screenOfSpec: false,
    query: list(
      'allPayments',
      'Payment',
      'PAYMENT_DATE_DESC',
      `id amount amountUsd currency paymentDate paymentMethod createdAt
       invoicesPayment { id invoiceId } billsPayment { id billId }`,
    ),
    variables: {
      filter: { paymentDate: { greaterThanOrEqualTo: `${BILL_YEAR}-01-01T00:00:00Z` } },
    },
  },
];

export const LOGIN_MUTATION = `mutation Login($username: String!, $password: String!) {
  login(input: { username: $username, password: $password }) { accessToken expiresIn refreshToken }
}`;
