// A list's columns as AG Grid column definitions: each column's width comes from the kind of what
// it shows (issue 28 §1), so a status, an amount or a date is never cut short.
import { alpha, type Theme } from '@mui/material';
import type { ColDef } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import { createContext, useContext, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '../format.ts';
import type { ColumnKind } from './column-kind.ts';
import { WRAPPED_CELL, WRAPPED_STYLE } from './row-heights.ts';
import type { SortState } from './table-state.ts';

/**
 * What a column shows, which decides its width and alignment:
 * - id: a record's number; number: a count or a rate (right-aligned);
 * - status: a translated chip (statuses.<value>); money: an exact decimal string, right-aligned,
 *   in the locale's format with its currency; date: a day or a month; datetime: a day and time;
 * - short: a code, yes/no, a short word; name: a name (takes the room left, wraps if long);
 *   text: a longer text (takes twice the room of a name, wraps).
 */
export type { ColumnKind };

/** The width of each kind, in px (name and text: the least they get; they share the rest). */
export const KIND_WIDTHS: Record<ColumnKind, number> = {
  // Up to eight digits (99999999: a costs table at ten times the benchmark's data), with the cell's
  // padding; 68 cut the seventh short.
  id: 80,
  number: 90,
  // The longest status chip: "Оплачен частично" (partially paid).
  status: 158,
  // Up to "9 999 999,99 EUR".
  money: 136,
  date: 96,
  // "25 нояб. 2026 г., 00:16"
  datetime: 184,
  short: 132,
  name: 120,
  text: 180,
};

/**
 * The least width of a column whose header is `header`: its longest word fits on one line beside
 * the cell's padding and, when the column sorts, the sort arrow (which takes its room once the
 * column is sorted). A header wraps between its words, never inside one ("Дата подписа|ния").
 * The header's letters (500 14px) measure 7.2–7.9 px on average in its Russian words; 8.2 errs
 * wide rather than breaking a word.
 */
export function headerMinWidth(header: string, sortable: boolean): number {
  const longestWord = Math.max(0, ...header.split(/\s+/).map((word) => word.length));
  return (
    Math.ceil(longestWord * HEADER_LETTER_PX) + HEADER_PADDING_PX + (sortable ? SORT_ARROW_PX : 0)
  );
}
const HEADER_LETTER_PX = 8.2;
const HEADER_PADDING_PX = 16;
const SORT_ARROW_PX = 24;

export interface Column<Row, K extends string = string> {
  field: keyof Row & string;
  /** i18n key of the header. */
  header: string;
  /** orderBy enum base when the server can sort by it (typed from the generated enum). */
  sortKey?: K;
  /** What the column shows (default: name). */
  kind?: ColumnKind;
  /** The currency of a money cell: a code, or the row's (e.g. USD for amounts in USD). */
  currency?: string | ((row: Row) => string);
  format?: (row: Row) => string;
  /** The cell is a link (to the record's page). */
  link?: (row: Row) => string;
  /** Hidden until chosen in the column chooser. */
  hidden?: boolean;
  /**
   * Shown whenever the page passes it, outside the column chooser: a column that exists only for
   * some rows (e.g. the visible part of a partly visible invoice).
   */
  alwaysShown?: boolean;
  /** A width other than its kind's (only when the content needs it). */
  width?: number;
}

const FLEXIBLE: Partial<Record<ColumnKind, number>> = { name: 1, text: 2 };
const RIGHT: ColumnKind[] = ['money', 'number'];

export function columnDefs<Row, K extends string>(options: {
  columns: Column<Row, K>[];
  shown: Set<string>;
  sort: SortState<K> | undefined;
  t: TFunction;
  language: string;
}): ColDef<Row>[] {
  const { t, language } = options;
  return options.columns.map((column) => {
    const kind = column.kind ?? 'name';
    const flex = FLEXIBLE[kind];
    const headerName = t(column.header);
    const width = Math.max(
      column.width ?? KIND_WIDTHS[kind],
      headerMinWidth(headerName, Boolean(column.sortKey)),
    );
    const currency = (row: Row) =>
      typeof column.currency === 'function' ? column.currency(row) : column.currency;
    const format = column.format;
    return {
      colId: column.field,
      field: column.field as never,
      headerName,
      // A long header wraps onto a second line instead of ending in "…"; the header is as high as
      // its labels (measured with the rows: row-heights.ts).
      wrapHeaderText: true,
      sortable: Boolean(column.sortKey),
      // The server has sorted the page: keep its order.
      comparator: () => 0,
      ...(RIGHT.includes(kind)
        ? {
            type: 'rightAligned',
            cellStyle: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
          }
        : {}),
      ...(flex
        ? // A row is as high as its wrapped cells: measured for the whole grid (row-heights.ts).
          { flex, minWidth: width, wrapText: true, cellStyle: WRAPPED_STYLE }
        : { width, minWidth: width }),
      cellClass: flex ? [`cell-${kind}`, WRAPPED_CELL] : `cell-${kind}`,
      valueFormatter: format
        ? (p) => (p.data ? format(p.data) : '')
        : kind === 'money'
          ? (p) => (p.data ? formatMoney(p.value as string, language, currency(p.data)) : '')
          : undefined,
      // Renderers are components defined once, their inputs in cellRendererParams: a new
      // function on each render would be a new component to React, which would mount every cell
      // again, losing its state and a click in progress (mousedown and mouseup on two elements).
      ...(column.link
        ? { cellRenderer: LinkCell, cellRendererParams: { to: column.link } }
        : kind === 'status'
          ? { cellRenderer: StatusCell, cellRendererParams: { t } }
          : {}),
      hide: !column.alwaysShown && !options.shown.has(column.field),
      sort:
        options.sort && column.sortKey === options.sort.key
          ? options.sort.direction === 'ASC'
            ? 'asc'
            : 'desc'
          : null,
    } satisfies ColDef<Row>;
  });
}

/**
 * How a link and a status look inside the grid (the `sx` of the grid's box): a link as MUI's Link,
 * a status as a small MUI Chip. The cells are plain elements with these classes, one style rule
 * for the whole grid, not MUI components: a page of 50 rows draws a few hundred of them, and a
 * component each (its own styles computed and inserted) made the rows wait.
 */
export const cellParts = (theme: Theme) => ({
  '& .cell-link': {
    color: theme.palette.primary.main,
    textDecoration: 'underline',
    textDecorationColor: alpha(theme.palette.primary.main, 0.4),
    '&:hover': { textDecorationColor: 'inherit' },
  },
  '& .cell-chip': {
    display: 'inline-flex',
    alignItems: 'center',
    height: 24,
    px: 1,
    borderRadius: '12px',
    fontSize: theme.typography.pxToRem(13),
    lineHeight: 1,
    whiteSpace: 'nowrap',
    color: theme.palette.text.primary,
    backgroundColor: theme.palette.action.selected,
  },
});

/** A cell that links to its row's record. */
function LinkCell(p: {
  data?: unknown;
  valueFormatted?: string | null;
  value?: unknown;
  to: (row: never) => string;
}) {
  return p.data ? (
    <RouterLink className="cell-link" to={p.to(p.data as never)}>
      {p.valueFormatted ?? String(p.value ?? '')}
    </RouterLink>
  ) : null;
}

/** A status as a translated chip (looks as MUI's small Chip: cellParts). */
function StatusCell(p: { value?: string; t: TFunction }) {
  return p.value ? (
    <span className="cell-chip" data-status={p.value}>
      {p.t(`statuses.${p.value}`)}
    </span>
  ) : null;
}

/**
 * The list's row actions (DataTable's `rowActions`), given to its action cells through React's
 * context: a page that makes a new function in each of its renders re-draws its action cells, as
 * any context change does, and the grid's columns stay as they are.
 */
export const RowActionsContext = createContext<((row: never) => ReactNode) | undefined>(undefined);

/** A row's actions, drawn by the list's `rowActions` (a component of its own, see above). */
function ActionsCell(p: { data?: unknown }) {
  const render = useContext(RowActionsContext);
  return p.data && render ? render(p.data as never) : null;
}

/**
 * The row actions column, kept in view on the right when `pinned` (a wide table scrolls); never
 * narrower than its header's longest word, as every column (`headerMinWidth`).
 */
export function actionsColumn<Row>(header: string, width: number, pinned?: boolean): ColDef<Row> {
  const least = Math.max(width, headerMinWidth(header, false));
  return {
    colId: 'actions',
    headerName: header,
    sortable: false,
    width: least,
    minWidth: least,
    cellClass: 'cell-actions',
    ...(pinned ? { pinned: 'right' as const } : {}),
    cellRenderer: ActionsCell,
  };
}

/**
 * What a list's column definitions are made of: each column's field, header, kind, width, sort
 * key and visibility. A page may build its columns afresh in each render (data arriving, a total,
 * a selection); the grid is given new definitions only when this changes (or the language, the
 * sort or the columns chosen), else AG Grid rebuilds its columns and header every time (about
 * 10 ms of an in-app navigation to the unpaid bills). A column's functions (`format`, `link`,
 * `currency`) depend on the language alone.
 */
export function columnsKey<Row>(columns: Column<Row>[]): string {
  return JSON.stringify(
    columns.map((c) => [
      c.field,
      c.header,
      c.kind,
      c.width,
      c.hidden,
      c.alwaysShown,
      c.sortKey,
      typeof c.currency === 'function' ? 'row' : c.currency,
      Boolean(c.link),
      Boolean(c.format),
    ]),
  );
}
