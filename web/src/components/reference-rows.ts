// The parts every reference table (components/ReferenceTable.tsx) shares: how it loads its rows
// and the "created" column it ends with.
import type { CachePolicy } from '../api/cache.ts';
import { useListQuery } from '../api/hooks.ts';
import type { GraphQLDocument } from '../api/transport.ts';
import type { Column } from './DataTable/column-defs.tsx';
import { formatDateTime } from './format.ts';

/**
 * A reference table's `useRows`: its list document, the kinds of record it reads (for the
 * cache), its connection in the result, and optionally what a node becomes as a row.
 */
export function referenceRows<R, V extends object, Node, Row = Node>(
  document: GraphQLDocument<R, V>,
  reads: CachePolicy['reads'],
  connection: (data: R) => { nodes: (Node | null)[]; totalCount: number } | null | undefined,
  toRow?: (node: Node) => Row,
) {
  return function useRows(variables: V) {
    const list = useListQuery(document, variables, { reads }, connection);
    return { ...list, rows: toRow ? list.rows.map(toRow) : (list.rows as unknown as Row[]) };
  };
}

/** The column every reference table ends with: when the row was created, sortable. */
export function createdColumn<Row extends { createdAt?: string }, K extends string>(
  language: string,
): Column<Row, K> {
  return {
    field: 'createdAt' as keyof Row & string,
    kind: 'datetime',
    header: 'common.createdAt',
    sortKey: 'CREATED_AT' as K,
    format: (row) => formatDateTime(row.createdAt ?? null, language),
  };
}
