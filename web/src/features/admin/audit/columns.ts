// The audit log's columns (issue 27).
import type { AuditLogQuery } from '../../../api/generated.ts';
import type { Column } from '../../../components/DataTable/DataTable.tsx';
import { recordPath } from '../../../components/history/history-format.ts';
import type { AuditSortKey } from './audit-filters.ts';

export type AuditNode = NonNullable<AuditLogQuery['allAuditTrails']>['nodes'][number] & {
  id: string;
};
export type AuditRow = AuditNode & {
  when: string;
  who: string;
  kind: string;
  what: string;
  details: string;
};

export const AUDIT_COLUMNS: Column<AuditRow, AuditSortKey>[] = [
  { field: 'when', kind: 'datetime', header: 'audit.columns.when', sortKey: 'CREATED_AT' },
  { field: 'who', header: 'audit.columns.who' },
  { field: 'kind', header: 'testGrounds.record' },
  // Hidden until chosen: each row opens its record from its actions, and the column would take
  // the room the others need at 1440 px (a document's or a payment's id is a 36-character UUID).
  {
    field: 'recordId',
    header: 'audit.columns.record',
    link: (row) => recordPath(row.tableName, row.recordId, row.rowData) ?? '',
    hidden: true,
  },
  { field: 'what', header: 'audit.columns.what', kind: 'text' },
  { field: 'details', header: 'subsidiaryControls.history', kind: 'text' },
  { field: 'subsidiaryName', header: 'resources.subsidiaries.name' },
  { field: 'userRole', kind: 'short', header: 'audit.columns.role', hidden: true },
];
