import { useState } from 'react';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

export interface SortState {
  /** The orderBy enum base of the column, e.g. NAME or CREATED_AT. */
  key: string;
  direction: 'ASC' | 'DESC';
}

export interface TableState<F> {
  page: number;
  pageSize: number;
  sort: SortState | undefined;
  filters: F;
}

/** The GraphQL paging and order of a table state: first/offset and orderBy with a stable tiebreak. */
export function pagingVariables(state: { page: number; pageSize: number; sort?: SortState }) {
  return {
    first: state.pageSize,
    offset: state.page * state.pageSize,
    orderBy: [
      ...(state.sort ? [`${state.sort.key}_${state.sort.direction}`] : []),
      'PRIMARY_KEY_ASC',
    ],
  };
}

/** Page, page size, sort and filters of a list screen; changing filters or size returns to page 1. */
export function useTableState<F extends object>(initial: { sort?: SortState; filters: F }) {
  const [state, setState] = useState<TableState<F>>({
    page: 0,
    pageSize: DEFAULT_PAGE_SIZE,
    sort: initial.sort,
    filters: initial.filters,
  });
  return {
    state,
    setPage: (page: number) => setState((s) => ({ ...s, page })),
    setPageSize: (pageSize: number) => setState((s) => ({ ...s, pageSize, page: 0 })),
    setSort: (sort: SortState | undefined) => setState((s) => ({ ...s, sort, page: 0 })),
    setFilter: <K extends keyof F>(key: K, value: F[K]) =>
      setState((s) => ({ ...s, filters: { ...s.filters, [key]: value }, page: 0 })),
  };
}
