import { format, subDays } from 'date-fns';

/**
 * The pre-filtered lists the home page opens (docs/analytics.md "Links to the lists"). The invoices,
 * costs and bills lists read these query parameters through useTableState:
 * - `status`: the record's status (`to_approve`, `open`, `rejected`, …);
 * - `createdBy`: the author's user id;
 * - `unpaid=1`: live, not fully paid records still owed (invoices in draft, open or validated;
 *   bills open or validated);
 * - `subsidiary`: a subsidiary id;
 * - `dueFrom`, `dueTo`: due date range, yyyy-MM-dd, both inclusive.
 */
export function isoDate(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

function url(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export const homeLinks = {
  costsToApprove: () => url('/costs', { status: 'to_approve' }),
  invoicesToValidate: () => url('/invoices', { status: 'open' }),
  myRejectedCosts: (userId: string) => url('/costs', { status: 'rejected', createdBy: userId }),
  myRejectedInvoices: (userId: string) =>
    url('/invoices', { status: 'rejected', createdBy: userId }),
  overdueBills: (today: Date) => url('/bills', { unpaid: '1', dueTo: isoDate(subDays(today, 1)) }),
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
function bucketRange(bucket: AgingBucket, today: Date): { dueFrom?: string; dueTo?: string } {
  const daysAgo = (days: number) => isoDate(subDays(today, days));
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
  subsidiaryId: string | null | undefined,
): string {
  return url(kind === 'payables' ? '/invoices' : '/bills', {
    unpaid: '1',
    subsidiary: subsidiaryId ?? undefined,
    ...bucketRange(bucket, today),
  });
}
