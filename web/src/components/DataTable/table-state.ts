import { format as formatDate, isValid, parse as parseDate } from 'date-fns';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** The column bases of a generated orderBy enum: NAME from NAME_ASC (and NAME_DESC). */
export type SortKeyOf<OrderBy extends string> = OrderBy extends `${infer Key}_ASC` ? Key : never;

export interface SortState<K extends string = string> {
  /** The orderBy enum base of the column, e.g. NAME or CREATED_AT. */
  key: K;
  direction: 'ASC' | 'DESC';
}

export interface TableState<F, K extends string = string> {
  /** 0-based here; the URL says page=1 for the first. */
  page: number;
  pageSize: number;
  sort: SortState<K> | undefined;
  filters: F;
}

/** How one filter is written in the URL: parse gives undefined for a value it cannot read. */
export interface FilterCodec<T> {
  parse(raw: string): T | undefined;
  /** undefined: the filter is not set, and the URL leaves it out. */
  format(value: T): string | undefined;
}

/** A filter on a record (a supplier, a subsidiary): its id and the name shown on its chip, so a
 *  linked or reloaded list needs no second query to name it. */
export interface RecordRef {
  id: string;
  label: string;
}

/** Live records only (''), archived only, or both. */
export type Archived = '' | 'only' | 'all';

/** The GraphQL condition of the archived filter (none for both). */
export function archivedCondition(value: Archived): { isDeleted: { equalTo: boolean } }[] {
  return value === 'all' ? [] : [{ isDeleted: { equalTo: value === 'only' } }];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const filterCodecs = {
  text: {
    parse: (raw: string) => raw,
    format: (value: string) => (value.trim() ? value : undefined),
  } satisfies FilterCodec<string>,
  /** A calendar date, yyyy-MM-dd, as the user picked it (local time). */
  date: {
    parse: (raw: string) => {
      const date = parseDate(raw, 'yyyy-MM-dd', new Date());
      return /^\d{4}-\d{2}-\d{2}$/.test(raw) && isValid(date) ? date : undefined;
    },
    format: (value: Date | null) => (value ? formatDate(value, 'yyyy-MM-dd') : undefined),
  } satisfies FilterCodec<Date | null>,
  /** A record: `id~name` (a uuid, then the name shown). */
  record: {
    parse: (raw: string) => {
      const cut = raw.indexOf('~');
      const id = cut < 0 ? raw : raw.slice(0, cut);
      return UUID.test(id) ? { id, label: cut < 0 ? id : raw.slice(cut + 1) } : undefined;
    },
    format: (value: RecordRef | null) => (value ? `${value.id}~${value.label}` : undefined),
  } satisfies FilterCodec<RecordRef | null>,
  /** An amount: a decimal string with up to two decimals. */
  decimal: {
    parse: (raw: string) => (/^\d{1,16}(\.\d{1,2})?$/.test(raw) ? raw : undefined),
    format: (value: string) => (value ? value : undefined),
  } satisfies FilterCodec<string>,
  /** Set or not: `1` when set. */
  flag: {
    parse: (raw: string) => (raw === '1' ? true : undefined),
    format: (value: boolean) => (value ? '1' : undefined),
  } satisfies FilterCodec<boolean>,
  /**
   * Archived records, written one way on every list: none (live only, the default), `only`
   * (archived only) or `all`. Older links (`yes`, `archived`, `live`) still read.
   */
  archived: {
    parse: (raw: string) =>
      raw === 'only' || raw === 'yes' || raw === 'archived'
        ? ('only' as const)
        : raw === 'all'
          ? ('all' as const)
          : raw === 'live'
            ? ('' as const)
            : undefined,
    format: (value: Archived) => value || undefined,
  } satisfies FilterCodec<Archived>,
  /** A month, YYYY-MM. */
  month: {
    parse: (raw: string) => (/^\d{4}-(0[1-9]|1[0-2])$/.test(raw) ? raw : undefined),
    format: (value: string) => value || undefined,
  } satisfies FilterCodec<string>,
  /** A record's id alone (the page names it from its own query). */
  uuid: {
    parse: (raw: string) => (UUID.test(raw) ? raw.toLowerCase() : undefined),
    format: (value: string) => value || undefined,
  } satisfies FilterCodec<string>,
  /** One of a fixed list of values ('' when none is chosen). */
  choice: <T extends string>(values: readonly T[]): FilterCodec<T | ''> => ({
    parse: (raw) => ((values as readonly string[]).includes(raw) ? (raw as T) : undefined),
    format: (value) => value || undefined,
  }),
};

export interface TableConfig<F, K extends string = string> {
  /** The order when the URL names none. */
  sort?: SortState<K>;
  /** The orderBy bases a user may sort by (the sortable columns). */
  sortKeys: readonly K[];
  filters: { [K in keyof F]: { initial: F[K]; codec: FilterCodec<F[K]> } };
}

/**
 * A list's state from its URL (page, size, sort and every filter are query parameters, so a list
 * can be linked, reloaded and returned to). Anything it cannot read falls back to the default.
 */
export function readTableState<F, K extends string>(
  params: URLSearchParams,
  config: TableConfig<F, K>,
): TableState<F, K> {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const [raw, direction] = (params.get('sort') ?? '').split('.');
  const key = config.sortKeys.find((sortKey) => sortKey === raw);
  const sort =
    key && (direction === 'asc' || direction === 'desc')
      ? { key, direction: direction === 'asc' ? ('ASC' as const) : ('DESC' as const) }
      : config.sort;
  const filters = {} as F;
  for (const name of Object.keys(config.filters) as (keyof F & string)[]) {
    const { initial, codec } = config.filters[name];
    const raw = params.get(name);
    const parsed = raw === null ? undefined : codec.parse(raw);
    filters[name] = parsed === undefined ? initial : parsed;
  }
  return {
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort,
    filters,
  };
}

/** The URL parameters of a state; defaults are left out, so a plain list has a plain URL. */
export function writeTableState<F, K extends string>(
  state: TableState<F, K>,
  config: TableConfig<F, K>,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of Object.keys(config.filters) as (keyof F & string)[]) {
    const value = config.filters[name].codec.format(state.filters[name]);
    if (value !== undefined) params.set(name, value);
  }
  const sort = state.sort;
  if (sort && (sort.key !== config.sort?.key || sort.direction !== config.sort?.direction)) {
    params.set('sort', `${sort.key}.${sort.direction.toLowerCase()}`);
  }
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(state.pageSize));
  if (state.page > 0) params.set('page', String(state.page + 1));
  return params;
}

/**
 * A link to a list with some of its filters set, written by the list's own config: a filter the
 * list does not have, or a value of the wrong kind, fails the type check (home cards and
 * notification links).
 */
export function tableLink<F, K extends string>(
  path: string,
  config: TableConfig<F, K>,
  filters: Partial<F>,
): string {
  const state = readTableState(new URLSearchParams(), config);
  const query = writeTableState(
    { ...state, filters: { ...state.filters, ...filters } },
    config,
  ).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The GraphQL paging and order of a table state: first/offset and orderBy (of the screen's
 * generated orderBy enum) with the primary key as a stable tiebreak.
 */
export function pagingVariables<OrderBy extends string>(state: {
  page: number;
  pageSize: number;
  sort?: SortState<SortKeyOf<OrderBy>>;
}): { first: number; offset: number; orderBy: OrderBy[] } {
  const order = state.sort ? [`${state.sort.key}_${state.sort.direction}`] : [];
  return {
    first: state.pageSize,
    offset: state.page * state.pageSize,
    // KEY_ASC and KEY_DESC both exist for every key SortKeyOf admits, as does PRIMARY_KEY_ASC.
    orderBy: [...order, 'PRIMARY_KEY_ASC'] as OrderBy[],
  };
}

/** The address bar's query now (this module is also read outside a browser, by bench/). */
function addressQuery(): string {
  return (globalThis as { location?: { search: string } }).location?.search ?? '';
}

/**
 * Page, page size, sort and filters of a list screen, kept in the URL: each change is a history
 * entry, so Back returns to the previous page, sort or filter. Changing a filter, the sort or the
 * size returns to page 1.
 */
export function useTableState<F, K extends string>(config: TableConfig<F, K>) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readTableState(params, config), [params, config]);
  // A change is made to the address as it is now, not as this render read it: the router renders
  // a new address a moment after it is in the address bar, and a change made in that moment (a
  // search applied, then a choice made) must not undo the one before it.
  const set = (change: (current: TableState<F, K>) => TableState<F, K>) => {
    const current = readTableState(new URLSearchParams(addressQuery()), config);
    const written = writeTableState(change(current), config);
    // The same state again (a search field losing focus) adds no history entry.
    if (written.toString() !== writeTableState(current, config).toString()) setParams(written);
  };
  return {
    state,
    setPage: (page: number) => set((current) => ({ ...current, page })),
    setPageSize: (pageSize: number) => set((current) => ({ ...current, pageSize, page: 0 })),
    setSort: (sort: SortState<K> | undefined) => set((current) => ({ ...current, sort, page: 0 })),
    setFilter: <K extends keyof F>(key: K, value: F[K]) =>
      set((current) => ({ ...current, filters: { ...current.filters, [key]: value }, page: 0 })),
    /** Several filters at once (a filter form applied): one history entry. */
    setFilters: (filters: Partial<F>) =>
      set((current) => ({ ...current, filters: { ...current.filters, ...filters }, page: 0 })),
  };
}

/**
 * A list's total as a footer shows it: while a page loads without rows yet (the next page, another
 * filter), the total last known, not the empty answer's 0 ("0–0 of 0"); undefined until the first
 * page has come.
 */
export function useKnownTotal(totalCount: number, waiting: boolean): number | undefined {
  const [known, setKnown] = useState<number | undefined>(waiting ? undefined : totalCount);
  if (!waiting && known !== totalCount) setKnown(totalCount);
  return waiting ? known : totalCount;
}
