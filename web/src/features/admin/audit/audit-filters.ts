import { addDays } from 'date-fns';
import type { AuditTrailFilter, AuditTrailOrderBy } from '../../../api/generated.ts';
import {
  filterCodecs,
  type FilterCodec,
  type RecordRef,
  type SortKeyOf,
  type TableConfig,
} from '../../../components/DataTable/table-state.ts';

export type AuditSortKey = SortKeyOf<AuditTrailOrderBy>;

/** The kinds of record the audit trail holds (its table_name). */
export const AUDIT_KINDS = [
  'invoices',
  'bills',
  'costs',
  'documents',
  'invoices_files',
  'bills_files',
  'costs_files',
  'documents_files',
  'invoices_payments',
  'bills_payments',
  'payments',
] as const;
export const AUDIT_ACTIONS = ['INSERT', 'UPDATE', 'DELETE'] as const;

/** The filters of the audit screen, each a query parameter of the URL. */
export interface AuditFilters {
  user: RecordRef | null;
  subsidiary: RecordRef | null;
  kind: string;
  record: string;
  action: string;
  from: Date | null;
  to: Date | null;
}

function oneOf(values: readonly string[]): FilterCodec<string> {
  return {
    parse: (raw) => (values.includes(raw) ? raw : undefined),
    format: (value) => (values.includes(value) ? value : undefined),
  };
}

export const AUDIT_TABLE: TableConfig<AuditFilters, AuditSortKey> = {
  sort: { key: 'CREATED_AT', direction: 'DESC' },
  sortKeys: ['CREATED_AT'],
  filters: {
    user: { initial: null, codec: filterCodecs.record },
    subsidiary: { initial: null, codec: filterCodecs.record },
    kind: { initial: '', codec: oneOf(AUDIT_KINDS) },
    record: { initial: '', codec: filterCodecs.text },
    action: { initial: '', codec: oneOf(AUDIT_ACTIONS) },
    from: { initial: null, codec: filterCodecs.date },
    to: { initial: null, codec: filterCodecs.date },
  },
};

/** Newest first, ties by id in the same direction (the order the audit indexes hold). */
export function auditOrder(direction: 'ASC' | 'DESC' | undefined): AuditTrailOrderBy[] {
  return direction === 'ASC' ? ['CREATED_AT_ASC', 'ID_ASC'] : ['CREATED_AT_DESC', 'ID_DESC'];
}

/** The GraphQL filter of the screen's filters; dates are local calendar days, `to` inclusive. */
export function auditFilter(filters: AuditFilters): AuditTrailFilter {
  const parts: AuditTrailFilter[] = [];
  if (filters.user) parts.push({ userId: { equalTo: filters.user.id } });
  if (filters.subsidiary) parts.push({ subsidiaryId: { equalTo: filters.subsidiary.id } });
  if (filters.kind) parts.push({ tableName: { equalTo: filters.kind } });
  if (filters.record.trim()) parts.push({ recordId: { equalTo: filters.record.trim() } });
  if (filters.action) parts.push({ action: { equalTo: filters.action } });
  if (filters.from) parts.push({ createdAt: { greaterThanOrEqualTo: filters.from.toISOString() } });
  if (filters.to) parts.push({ createdAt: { lessThan: addDays(filters.to, 1).toISOString() } });
  return { and: parts };
}

/** The variables of the screen's query for a table state (the page, its order and filters). */
export function auditVariables(state: {
  page: number;
  pageSize: number;
  sort?: { direction: 'ASC' | 'DESC' };
  filters: AuditFilters;
}) {
  return {
    first: state.pageSize,
    offset: state.page * state.pageSize,
    orderBy: auditOrder(state.sort?.direction),
    filter: auditFilter(state.filters),
  };
}
