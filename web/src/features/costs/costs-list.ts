// The costs table's state in the URL and what it asks the server (docs/invoices.md "Costs table").
import {
  archivedCondition,
  filterCodecs,
  type Archived,
  type RecordRef,
  type SortKeyOf,
  type TableConfig,
} from '../../components/DataTable/table-state.ts';
import { companyName } from '../../components/names.ts';
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

export interface CostFilters {
  /** Name, description, invoice number or supplier (a number: the cost's or invoice's id). */
  search: string;
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
  /** The author (home's "my rejected costs"). */
  createdBy: RecordRef | null;
}

export const COST_STATUSES = ['to_approve', 'approved', 'rejected'] as const;
/** The archived choice's words. */
export const COST_ARCHIVED_LABELS = {
  only: 'costs.archivedOptions.archived',
  all: 'costs.archivedOptions.all',
} as const;
const YES_NO = ['yes', 'no'] as const;

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
    search: { initial: '', codec: filterCodecs.text },
    status: { initial: '', codec: filterCodecs.choice(COST_STATUSES) },
    project: { initial: '', codec: filterCodecs.uuid },
    costType: { initial: '', codec: filterCodecs.uuid },
    subsidiary: { initial: '', codec: filterCodecs.uuid },
    supplier: { initial: '', codec: filterCodecs.uuid },
    period: { initial: '', codec: filterCodecs.month },
    toBill: { initial: '', codec: filterCodecs.choice(YES_NO) },
    billed: { initial: '', codec: filterCodecs.choice(YES_NO) },
    archived: { initial: '', codec: filterCodecs.archived },
    createdBy: { initial: null, codec: filterCodecs.record },
  },
};

/** The server filter of the table's filters: only what is set. */
export function costFilter(filters: CostFilters): CostFilter {
  const and: CostFilter[] = [...archivedCondition(filters.archived)];
  const search = filters.search.trim();
  if (search) {
    const text = { includesInsensitive: search };
    and.push({
      or: [
        { name: text },
        { description: text },
        { invoice: { invoiceRef: text } },
        { invoice: { supplier: { legalName: text } } },
        { invoice: { supplier: { shortName: text } } },
        ...(/^\d{1,9}$/.test(search)
          ? [{ id: { equalTo: Number(search) } }, { invoiceId: { equalTo: Number(search) } }]
          : []),
      ],
    });
  }
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
  if (filters.createdBy) and.push({ createdBy: { equalTo: filters.createdBy.id } });
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
export { companyName };

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
  year: number;
  month: number;
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
  /** How many files are attached (the list of them is read when asked). */
  fileCount: number;
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
    year: node.year,
    month: node.period,
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
    fileCount: node.fileCount ?? 0,
    actions: (node.availableActions ?? []).flatMap((action) => (action ? [action] : [])),
  };
}
