// The banking lists' filters: how they are kept in the URL and what GraphQL filter they make
// (docs/reconciliation.md). Bank lines and statements are never archived: they have no archived
// filter.
import { endOfMonth, format, startOfMonth } from 'date-fns';
import type { BankStatementLineFilter, BankStatementLineOrderBy } from '../../api/generated.ts';
import {
  filterCodecs,
  type SortKeyOf,
  type TableConfig,
} from '../../components/DataTable/table-state.ts';

/** The views of an account's lines; the queue (lines still to match) is the default. */
export const BANK_LINE_VIEWS = ['queue', 'matched', 'ignored', 'all'] as const;
export type BankLineView = (typeof BANK_LINE_VIEWS)[number];

export interface BankLineFilters {
  /** The bank account ('' : the first the user sees). */
  account: string;
  /** '' is the queue. */
  view: BankLineView | '';
  /** Counterparty, remittance or bank reference contains it. */
  search: string;
}

export type BankLineSortKey = SortKeyOf<BankStatementLineOrderBy>;

export const BANK_LINES_TABLE: TableConfig<BankLineFilters, BankLineSortKey> = {
  sort: { key: 'VALUE_DATE', direction: 'ASC' },
  sortKeys: ['VALUE_DATE', 'AMOUNT'],
  filters: {
    account: { initial: '', codec: filterCodecs.uuid },
    view: { initial: '', codec: filterCodecs.choice(BANK_LINE_VIEWS) },
    search: { initial: '', codec: filterCodecs.text },
  },
};

/** The line statuses of each view (all: any status). */
const STATUSES: Record<BankLineView, string[] | undefined> = {
  queue: ['unmatched', 'partly_matched'],
  matched: ['matched'],
  ignored: ['ignored'],
  all: undefined,
};

/** The GraphQL filter of an account's lines. */
export function bankLineFilter(
  accountId: string,
  filters: BankLineFilters,
): BankStatementLineFilter {
  const parts: BankStatementLineFilter[] = [{ bankAccountId: { equalTo: accountId } }];
  const statuses = STATUSES[filters.view || 'queue'];
  if (statuses) parts.push({ status: { in: statuses } });
  const search = filters.search.trim();
  if (search) {
    parts.push({
      or: [
        { counterpartyName: { includesInsensitive: search } },
        { remittance: { includesInsensitive: search } },
        { bankReference: { includesInsensitive: search } },
      ],
    });
  }
  return { and: parts };
}

export interface ReconciliationFilters {
  account: string;
  from: Date | null;
  to: Date | null;
}

/** The reconciliation's account and period (unpaged sort: none). */
export const RECONCILIATION_TABLE: TableConfig<ReconciliationFilters> = {
  sortKeys: [],
  filters: {
    account: { initial: '', codec: filterCodecs.uuid },
    from: { initial: null, codec: filterCodecs.date },
    to: { initial: null, codec: filterCodecs.date },
  },
};

/** The period reconciled: the dates chosen, else the current month's first and last day. */
export function reconciliationPeriod(filters: ReconciliationFilters, today: Date) {
  const from = filters.from ?? startOfMonth(today);
  const to = filters.to ?? endOfMonth(today);
  return {
    from,
    to,
    fromDate: format(from, 'yyyy-MM-dd'),
    toDate: format(to, 'yyyy-MM-dd'),
  };
}
