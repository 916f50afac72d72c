import { format, subDays } from 'date-fns';
import { tableLink, type RecordRef } from '../../components/DataTable/table-state.ts';
import { BILLS_TABLE } from '../bills/filters.ts';
import { COSTS_TABLE } from '../costs/costs-list.ts';
import { INVOICE_TABLE } from '../invoices/invoice-filters.ts';

/**
 * The pre-filtered lists the home page opens (docs/analytics.md "Links to the lists"), each written
 * by its list's own filter config (tableLink), so a link to a filter a list does not have fails
 * the type check. The parameters:
 * - `status`: the record's status (`to_approve`, `open`, `rejected`, …);
 * - `createdBy`: the author (`id~name`);
 * - `unpaid=1`: live, not fully paid records still owed (invoices in draft, open or validated;
 *   bills open or validated);
 * - `subsidiary`: a subsidiary id;
 * - `dueFrom`, `dueTo`: due date range, yyyy-MM-dd, both inclusive.
 */
export function isoDate(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

export const homeLinks = {
  costsToApprove: () => tableLink('/costs', COSTS_TABLE, { status: 'to_approve' }),
  invoicesToValidate: () => tableLink('/invoices', INVOICE_TABLE, { status: 'open' }),
  myRejectedCosts: (user: RecordRef) =>
    tableLink('/costs', COSTS_TABLE, { status: 'rejected', createdBy: user }),
  myRejectedInvoices: (user: RecordRef) =>
    tableLink('/invoices', INVOICE_TABLE, { status: 'rejected', createdBy: user }),
  overdueBills: (today: Date) =>
    tableLink('/bills', BILLS_TABLE, { unpaid: true, dueTo: subDays(today, 1) }),
};

export const AGING_BUCKETS = [
  'current',
  'days1to30',
  'days31to60',
  'days61to90',
  'over90',
] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number] | 'total';

/** Due dates of a bucket as of a day: current is not yet due (from today on). */
function bucketRange(bucket: AgingBucket, today: Date): { dueFrom?: Date; dueTo?: Date } {
  const daysAgo = (days: number) => subDays(today, days);
  switch (bucket) {
    case 'current':
      return { dueFrom: daysAgo(0) };
    case 'days1to30':
      return { dueFrom: daysAgo(30), dueTo: daysAgo(1) };
    case 'days31to60':
      return { dueFrom: daysAgo(60), dueTo: daysAgo(31) };
    case 'days61to90':
      return { dueFrom: daysAgo(90), dueTo: daysAgo(61) };
    case 'over90':
      return { dueTo: daysAgo(91) };
    case 'total':
      return {};
  }
}

/** The list of the records in one aging cell: payables are invoices, receivables bills. */
export function agingLink(
  kind: 'payables' | 'receivables',
  bucket: AgingBucket,
  today: Date,
  subsidiary: RecordRef | null,
): string {
  const filters = { unpaid: true, subsidiary, ...bucketRange(bucket, today) };
  return kind === 'payables'
    ? tableLink('/invoices', INVOICE_TABLE, filters)
    : tableLink('/bills', BILLS_TABLE, filters);
}
