import { format as formatDate } from 'date-fns';
import {
  archivedCondition,
  filterCodecs,
  type Archived,
  type FilterCodec,
  type RecordRef,
  type TableConfig,
} from '../../components/DataTable/table-state.ts';
import type { BillFilter, BillOrderBy, BillStatus } from '../../api/generated.ts';
import type { SortKeyOf } from '../../components/DataTable/table-state.ts';

export const BILL_STATUSES = ['open', 'validated', 'paid'] as const satisfies readonly BillStatus[];
/** The archived filter's choices ('' live, the default) and their words. */
export const ARCHIVED_CHOICES = ['', 'only', 'all'] as const;
export const BILL_ARCHIVED_LABELS = {
  '': 'bills.archivedChoice.live',
  only: 'bills.archivedChoice.archived',
  all: 'bills.archivedChoice.all',
} as const;

function matching(pattern: RegExp): FilterCodec<string> {
  return {
    parse: (raw) => (pattern.test(raw) ? raw : undefined),
    format: (value) => (value ? value : undefined),
  };
}

/** A decimal amount as typed (a string, never a float). */
export const DECIMAL = /^\d{1,16}(\.\d{1,2})?$/;

export interface BillsFilters {
  /** The unpaid view (`unpaid=1`, as home's links say: docs/analytics.md). */
  unpaid: boolean;
  search: string;
  year: string;
  month: string;
  client: RecordRef | null;
  subsidiary: RecordRef | null;
  project: RecordRef | null;
  service: RecordRef | null;
  status: '' | BillStatus;
  currency: string;
  dueFrom: Date | null;
  dueTo: Date | null;
  amountFrom: string;
  amountTo: string;
  archived: Archived;
}

export type BillSortKey = SortKeyOf<BillOrderBy>;

export const BILLS_SORT_KEYS: readonly BillSortKey[] = [
  'ID',
  'NAME',
  'PERIOD',
  'YEAR',
  'CURRENCY',
  'AMOUNT',
  'AMOUNT_USD',
  'AMOUNT_W_VAT',
  'DUE_DATE',
  'INVOICE_DATE',
  'CREATED_AT',
  'IS_DELETED',
];

const filterConfig: TableConfig<BillsFilters, BillSortKey>['filters'] = {
  unpaid: { initial: false, codec: filterCodecs.flag },
  search: { initial: '', codec: filterCodecs.text },
  year: { initial: '', codec: matching(/^\d{4}$/) },
  month: { initial: '', codec: matching(/^([1-9]|1[0-2])$/) },
  client: { initial: null, codec: filterCodecs.record },
  subsidiary: { initial: null, codec: filterCodecs.record },
  project: { initial: null, codec: filterCodecs.record },
  service: { initial: null, codec: filterCodecs.record },
  status: { initial: '', codec: filterCodecs.choice(BILL_STATUSES) },
  currency: { initial: '', codec: matching(/^[A-Za-z]{3}$/) },
  dueFrom: { initial: null, codec: filterCodecs.date },
  dueTo: { initial: null, codec: filterCodecs.date },
  amountFrom: { initial: '', codec: filterCodecs.decimal },
  amountTo: { initial: '', codec: filterCodecs.decimal },
  archived: { initial: '', codec: filterCodecs.archived },
};

/** The bills table: newest first. */
export const BILLS_TABLE: TableConfig<BillsFilters, BillSortKey> = {
  sort: { key: 'CREATED_AT', direction: 'DESC' },
  sortKeys: BILLS_SORT_KEYS,
  filters: filterConfig,
};

/** The unpaid view: the earliest due first (the most overdue on top). */
export const UNPAID_TABLE: TableConfig<BillsFilters, BillSortKey> = {
  sort: { key: 'DUE_DATE', direction: 'ASC' },
  sortKeys: ['ID', 'NAME', 'CURRENCY', 'AMOUNT_W_VAT', 'DUE_DATE', 'INVOICE_DATE'],
  filters: filterConfig,
};

/** The GraphQL filter of the bills table's filters (amount range: the amount with VAT). */
export function billsFilter(filters: BillsFilters): BillFilter {
  const parts: BillFilter[] = [];
  const search = filters.search.trim();
  if (search) {
    parts.push({ name: { includesInsensitive: search } });
  }
  if (filters.year) parts.push({ year: { equalTo: Number(filters.year) } });
  if (filters.month) parts.push({ period: { equalTo: Number(filters.month) } });
  if (filters.client) parts.push({ clientId: { equalTo: filters.client.id } });
  if (filters.subsidiary) parts.push({ subsidiaryId: { equalTo: filters.subsidiary.id } });
  if (filters.project) parts.push({ projectId: { equalTo: filters.project.id } });
  if (filters.service) parts.push({ serviceId: { equalTo: filters.service.id } });
  if (filters.status) parts.push({ status: { equalTo: filters.status } });
  if (filters.currency) parts.push({ currency: { equalTo: filters.currency.toUpperCase() } });
  if (filters.dueFrom)
    parts.push({ dueDate: { greaterThanOrEqualTo: formatDate(filters.dueFrom, 'yyyy-MM-dd') } });
  if (filters.dueTo)
    parts.push({ dueDate: { lessThanOrEqualTo: formatDate(filters.dueTo, 'yyyy-MM-dd') } });
  if (filters.amountFrom) parts.push({ amountWVat: { greaterThanOrEqualTo: filters.amountFrom } });
  if (filters.amountTo) parts.push({ amountWVat: { lessThanOrEqualTo: filters.amountTo } });
  parts.push(...archivedCondition(filters.archived));
  // Still owed: the database's one definition (bills_outstanding).
  if (filters.unpaid) parts.push({ outstanding: { greaterThan: '0' } });
  return { and: parts };
}

/**
 * The unpaid view's total request's variables: `whole` when the filters select every bill still
 * owed (none set but the view; an archived bill owes nothing, so "with archived" selects the same
 * bills), which the database answers from the totals it keeps (unpaidBillsTotal), else the sum
 * over the bills the filter selects.
 */
export function unpaidTotalVariables(filters: BillsFilters): {
  filter: BillFilter;
  whole: boolean;
} {
  const keys = Object.keys(filterConfig) as (keyof BillsFilters)[];
  const whole =
    filters.unpaid &&
    filters.archived !== 'only' &&
    keys.every(
      (key) => key === 'unpaid' || key === 'archived' || filters[key] === filterConfig[key].initial,
    );
  return { filter: billsFilter(filters), whole };
}
