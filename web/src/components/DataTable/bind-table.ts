// One way to wire a list's URL state and its query to its table.
import type { SortState } from './table-state.ts';

/** What useTableState gives (the parts a table needs). */
interface BoundState<K extends string> {
  state: { page: number; pageSize: number; sort: SortState<K> | undefined };
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  setSort: (sort: SortState<K> | undefined) => void;
}

/** What a list query gives (useListQuery's shape). */
interface BoundList<Row> {
  rows: Row[];
  totalCount: number;
  loading: boolean;
  error?: unknown;
  refetch: () => void;
}

/** The table's paging, sort, rows and their loading and error states, from the URL and the query. */
export function bindTable<Row, K extends string>(table: BoundState<K>, list: BoundList<Row>) {
  return {
    rows: list.rows,
    totalCount: list.totalCount,
    loading: list.loading,
    error: list.error,
    onRetry: list.refetch,
    page: table.state.page,
    pageSize: table.state.pageSize,
    onPageChange: table.setPage,
    onPageSizeChange: table.setPageSize,
    sort: table.state.sort,
    onSortChange: table.setSort,
  };
}
