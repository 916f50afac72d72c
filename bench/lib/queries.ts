/**
 * What the benchmark asks besides the list screens (bench/lib/screens.ts, the web app's own
 * documents): the nested invoice list (GraphQL and its hand-written SQL twin), a list query no
 * screen sends. (The sign-in is the web app's own Login document.)
 */

import { documentId } from '../../server/src/graphql/trusted-documents.ts';

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

/**
 * A list query no screen sends, measured for information (not counted in the figures): payments
 * are shown on their invoice or bill, never listed on their own, but the API lists them.
 */
export interface InfoCase {
  key: string;
  screen: string;
  account: Account;
  query: string;
  variables: Record<string, unknown>;
}

const PAYMENTS_QUERY = `query Payments($filter: PaymentFilter) {
  allPayments(first: ${PAGE_SIZE}, offset: 0, orderBy: [PAYMENT_DATE_DESC, PRIMARY_KEY_ASC], filter: $filter) {
    totalCount: cappedCount
    nodes {
      id amount amountUsd currency paymentDate paymentMethod createdAt
      invoicesPayment { id invoiceId } billsPayment { id billId }
    }
  }
}`;

const PAID_THIS_YEAR = {
  filter: { paymentDate: { greaterThanOrEqualTo: `${BILL_YEAR}-01-01T00:00:00Z` } },
};

/** The key of the payments list measured as `account` (notes.ts compares two of them). */
export const paymentsKey = (account: Account) => `payments-${account}`;

export const INFO_CASES: InfoCase[] = (['accountant', 'manager'] as const).map((account) => ({
  key: paymentsKey(account),
  screen: `Payments paid in ${BILL_YEAR} (API list, no screen)`,
  account,
  query: PAYMENTS_QUERY,
  variables: PAID_THIS_YEAR,
}));

/** How many invoices a request sees: checks that the BYPASSRLS instance sees more. */
export const COUNT_INVOICES = 'query CountInvoices { allInvoices(first: 0) { totalCount } }';

/** The benchmark's own documents, trusted by its server besides the web app's. */
export const BENCH_DOCUMENTS: Record<string, string> = Object.fromEntries(
  [NESTED_QUERY, PAYMENTS_QUERY, COUNT_INVOICES].map((text) => [documentId(text), text]),
);

/**
 * A request naming a trusted document by its id, as the web app's production build sends it
 * (the id of the text without the whitespace around it, as codegen computes it).
 */
export function byId(text: string, variables: Record<string, unknown> = {}) {
  const name = /\b(?:query|mutation)\s+(\w+)/.exec(text)?.[1];
  return { documentId: documentId(text.trim()), variables, operationName: name };
}
