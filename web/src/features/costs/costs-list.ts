// The costs table's state in the URL and what it asks the server (docs/invoices.md "Costs table").
import {
  type FilterCodec,
  type SortKeyOf,
  type TableConfig,
} from '../../components/DataTable/table-state.ts';
import type {
  AllCostsQuery,
  AllCostsQueryVariables,
  CostFilter,
  CostOrderBy,
  CostStatus,
} from '../../api/generated.ts';

export type CostSortKey = SortKeyOf<CostOrderBy>;

/** Yes, no, or either (not in the URL). */
export type Choice = '' | 'yes' | 'no';
/** Live costs by default; archived (with their invoice) or both on request. */
export type Archived = '' | 'archived' | 'all';

export interface CostFilters {
  status: CostStatus | '';
  project: string;
  costType: string;
  subsidiary: string;
  supplier: string;
  /** 'YYYY-MM' */
  period: string;
  toBill: Choice;
  billed: Choice;
  archived: Archived;
}

const oneOf = <T extends string>(values: readonly T[]): FilterCodec<T> => ({
  parse: (raw) => values.find((value) => value === raw),
  format: (value) => value || undefined,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid: FilterCodec<string> = {
  parse: (raw) => (UUID.test(raw) ? raw.toLowerCase() : undefined),
  format: (value) => value || undefined,
};
const month: FilterCodec<string> = {
  parse: (raw) => (/^\d{4}-(0[1-9]|1[0-2])$/.test(raw) ? raw : undefined),
  format: (value) => value || undefined,
};

export const COST_STATUSES = ['to_approve', 'approved', 'rejected'] as const;

export const SORT_KEYS: readonly CostSortKey[] = [
  'ID',
  'INVOICE_ID',
  'YEAR',
  'AMOUNT',
  'AMOUNT_USD',
  'CREATED_AT',
];

export const COSTS_TABLE: TableConfig<CostFilters, CostSortKey> = {
  sort: { key: 'ID', direction: 'DESC' },
  sortKeys: SORT_KEYS,
  filters: {
    status: { initial: '', codec: oneOf<CostStatus | ''>(COST_STATUSES) },
    project: { initial: '', codec: uuid },
    costType: { initial: '', codec: uuid },
    subsidiary: { initial: '', codec: uuid },
    supplier: { initial: '', codec: uuid },
    period: { initial: '', codec: month },
    toBill: { initial: '', codec: oneOf<Choice>(['yes', 'no']) },
    billed: { initial: '', codec: oneOf<Choice>(['yes', 'no']) },
    archived: { initial: '', codec: oneOf<Archived>(['archived', 'all']) },
  },
};

/** The server filter of the table's filters: only what is set. */
export function costFilter(filters: CostFilters): CostFilter {
  const and: CostFilter[] = [];
  if (filters.archived === '') and.push({ isDeleted: { equalTo: false } });
  if (filters.archived === 'archived') and.push({ isDeleted: { equalTo: true } });
  if (filters.status) and.push({ status: { equalTo: filters.status } });
  if (filters.project) and.push({ projectId: { equalTo: filters.project } });
  if (filters.costType) and.push({ costTypeId: { equalTo: filters.costType } });
  if (filters.subsidiary) and.push({ subsidiaryId: { equalTo: filters.subsidiary } });
  if (filters.supplier) and.push({ invoice: { supplierId: { equalTo: filters.supplier } } });
  if (filters.period) {
    const [year, period] = filters.period.split('-').map(Number);
    and.push({ year: { equalTo: year } }, { period: { equalTo: period } });
  }
  if (filters.toBill) and.push({ toBill: { equalTo: filters.toBill === 'yes' } });
  if (filters.billed) and.push({ billExists: filters.billed === 'yes' });
  return { and };
}

const NO_ID = '00000000-0000-0000-0000-000000000000';

/** Paging, order (the period sorts by year, then month) and the names of the filtered records. */
export function costsVariables(
  filters: CostFilters,
  paging: { first: number; offset: number; orderBy: CostOrderBy[] },
): AllCostsQueryVariables {
  const orderBy = paging.orderBy.flatMap((order): CostOrderBy[] =>
    order === 'YEAR_ASC'
      ? ['YEAR_ASC', 'PERIOD_ASC']
      : order === 'YEAR_DESC'
        ? ['YEAR_DESC', 'PERIOD_DESC']
        : [order],
  );
  return {
    ...paging,
    orderBy,
    filter: costFilter(filters),
    projectId: filters.project || NO_ID,
    withProject: Boolean(filters.project),
    costTypeId: filters.costType || NO_ID,
    withCostType: Boolean(filters.costType),
    subsidiaryId: filters.subsidiary || NO_ID,
    withSubsidiary: Boolean(filters.subsidiary),
    supplierId: filters.supplier || NO_ID,
    withSupplier: Boolean(filters.supplier),
  };
}

type Node = NonNullable<NonNullable<AllCostsQuery['allCosts']>['nodes'][number]>;
type Company = { legalName: string; shortName: string | null } | null | undefined;

export const companyName = (company: Company) => company?.shortName || company?.legalName || '';

/** A row as the table shows it. */
export interface CostRow {
  id: number;
  name: string;
  invoiceId: number;
  invoice: string;
  supplier: string;
  subsidiary: string;
  project: string;
  costType: string;
  /** 'YYYY-MM' */
  period: string;
  currency: string;
  amount: string;
  vat: string;
  amountWVat: string;
  amountUsd: string;
  amountUsdWVat: string;
  status: CostStatus;
  toBill: boolean;
  billId: number | null;
  /** For the "to bill" column (a text, so the grid does not draw a checkbox): to bill, or billed. */
  billing: '' | 'toBill' | 'billed';
  isDeleted: boolean;
  /** What the account may do to it now (the server's availableActions). */
  actions: string[];
}

export function costRow(node: Node): CostRow {
  return {
    id: node.id,
    name: node.name,
    invoiceId: node.invoiceId,
    invoice: `#${node.invoiceId} · ${node.invoice?.invoiceRef ?? ''}`,
    supplier: companyName(node.invoice?.supplier),
    subsidiary: companyName(node.subsidiary),
    project: node.project?.name ?? '',
    costType: node.costType?.name ?? '',
    period: `${node.year}-${String(node.period).padStart(2, '0')}`,
    currency: node.currency,
    amount: node.amount,
    vat: node.vat,
    amountWVat: node.amountWVat,
    amountUsd: node.amountUsd,
    amountUsdWVat: node.amountUsdWVat,
    status: node.status,
    toBill: node.toBill,
    billId: node.billId,
    billing: node.billId ? 'billed' : node.toBill ? 'toBill' : '',
    isDeleted: node.isDeleted,
    actions: (node.availableActions ?? []).flatMap((action) => (action ? [action] : [])),
  };
}
