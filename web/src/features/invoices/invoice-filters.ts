// The invoices list's filters: how they are kept in the URL and what GraphQL filter they make.
import { format } from 'date-fns';
import type { InvoiceFilter, InvoiceOrderBy } from '../../api/generated.ts';
import {
  archivedCondition,
  filterCodecs,
  type Archived,
  type RecordRef,
  type SortKeyOf,
  type TableConfig,
} from '../../components/DataTable/table-state.ts';

export const INVOICE_STATUSES = [
  'draft',
  'open',
  'validated',
  'rejected',
  'paid',
  'static',
] as const;
export const YES_NO = ['yes', 'no'] as const;
/** '' (the default): live invoices only; 'only': archived only; 'all': both. */
export const ARCHIVED = ['only', 'all'] as const;
/** The archived choice's words. */
export const ARCHIVED_LABELS = {
  only: 'bills.archivedChoice.archived',
  all: 'invoices.filters.archived_all',
} as const;

export interface InvoiceFilters {
  search: string;
  status: (typeof INVOICE_STATUSES)[number] | '';
  subsidiary: RecordRef | null;
  supplier: RecordRef | null;
  currency: string;
  invoiceFrom: Date | null;
  invoiceTo: Date | null;
  dueFrom: Date | null;
  dueTo: Date | null;
  amountFrom: string;
  amountTo: string;
  hasPayments: (typeof YES_NO)[number] | '';
  archived: Archived;
  /** Outstanding and due before today (the invoice's isOverdue). */
  overdue: boolean;
  /** Still owed (the invoice's outstanding amount above 0; home's aging links). */
  unpaid: boolean;
  /** The author (home's "my rejected items"). */
  createdBy: RecordRef | null;
}

export type InvoiceSortKey = SortKeyOf<InvoiceOrderBy>;

export const INVOICE_TABLE: TableConfig<InvoiceFilters, InvoiceSortKey> = {
  sort: { key: 'CREATED_AT', direction: 'DESC' },
  sortKeys: [
    'ID',
    'INVOICE_REF',
    'INVOICE_DATE',
    'DUE_DATE',
    'CURRENCY',
    'AMOUNT',
    'AMOUNT_USD',
    'AMOUNT_W_VAT',
    'CREATED_AT',
  ],
  filters: {
    search: { initial: '', codec: filterCodecs.text },
    status: { initial: '', codec: filterCodecs.choice(INVOICE_STATUSES) },
    subsidiary: { initial: null, codec: filterCodecs.record },
    supplier: { initial: null, codec: filterCodecs.record },
    currency: { initial: '', codec: filterCodecs.text },
    invoiceFrom: { initial: null, codec: filterCodecs.date },
    invoiceTo: { initial: null, codec: filterCodecs.date },
    dueFrom: { initial: null, codec: filterCodecs.date },
    dueTo: { initial: null, codec: filterCodecs.date },
    amountFrom: { initial: '', codec: filterCodecs.decimal },
    amountTo: { initial: '', codec: filterCodecs.decimal },
    hasPayments: { initial: '', codec: filterCodecs.choice(YES_NO) },
    archived: { initial: '', codec: filterCodecs.archived },
    overdue: { initial: false, codec: filterCodecs.flag },
    unpaid: { initial: false, codec: filterCodecs.flag },
    createdBy: { initial: null, codec: filterCodecs.record },
  },
};

const day = (date: Date) => format(date, 'yyyy-MM-dd');

/** The GraphQL filter of the list's filters. */
export function invoiceFilter(filters: InvoiceFilters): InvoiceFilter {
  const parts: InvoiceFilter[] = [];
  const search = filters.search.trim();
  if (search) {
    parts.push({
      or: [
        { invoiceRef: { includesInsensitive: search } },
        ...(/^\d{1,9}$/.test(search) ? [{ id: { equalTo: Number(search) } }] : []),
      ],
    });
  }
  if (filters.status) parts.push({ status: { equalTo: filters.status } });
  if (filters.subsidiary) parts.push({ subsidiaryId: { equalTo: filters.subsidiary.id } });
  if (filters.supplier) parts.push({ supplierId: { equalTo: filters.supplier.id } });
  if (filters.currency) parts.push({ currency: { equalTo: filters.currency } });
  if (filters.invoiceFrom)
    parts.push({ invoiceDate: { greaterThanOrEqualTo: day(filters.invoiceFrom) } });
  if (filters.invoiceTo) parts.push({ invoiceDate: { lessThanOrEqualTo: day(filters.invoiceTo) } });
  if (filters.dueFrom) parts.push({ dueDate: { greaterThanOrEqualTo: day(filters.dueFrom) } });
  if (filters.dueTo) parts.push({ dueDate: { lessThanOrEqualTo: day(filters.dueTo) } });
  if (filters.amountFrom) parts.push({ amountWVat: { greaterThanOrEqualTo: filters.amountFrom } });
  if (filters.amountTo) parts.push({ amountWVat: { lessThanOrEqualTo: filters.amountTo } });
  if (filters.hasPayments) parts.push({ invoicesPaymentsExist: filters.hasPayments === 'yes' });
  parts.push(...archivedCondition(filters.archived));
  // "Overdue" and "outstanding" are the database's (invoices_is_overdue, invoices_outstanding).
  if (filters.overdue) parts.push({ isOverdue: { equalTo: true } });
  if (filters.unpaid) parts.push({ outstanding: { greaterThan: '0' } });
  if (filters.createdBy) parts.push({ createdBy: { equalTo: filters.createdBy.id } });
  return { and: parts };
}
