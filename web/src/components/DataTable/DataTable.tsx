import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Link,
  Paper,
  Stack,
  TablePagination,
  Typography,
} from '@mui/material';
import {
  CellApiModule,
  CellStyleModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  LocaleModule,
  ModuleRegistry,
  RowApiModule,
  RowSelectionModule,
  ValidationModule,
  type ColDef,
  type GridApi,
  type RowDataUpdatedEvent,
  type SelectionChangedEvent,
  type SortChangedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { agGridLocaleText } from '../../i18n/ag-grid-locale.ts';
import { useTableShortcuts } from '../shortcuts.tsx';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ColumnChooser, useColumnChoice } from './ColumnChooser.tsx';
import { errorMessage } from '../../api/errors.ts';
import { formatMoney, formatRowCount } from '../format.ts';
import { selectionSummary } from './selection-summary.ts';
import { PAGE_SIZES, type SortState } from './table-state.ts';

// Only the grid's features the tables use (issue "Web kit": a small bundle). In development the
// validation module names any feature used without its module (AG Grid error #200).
ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  RowSelectionModule,
  CellStyleModule,
  ColumnApiModule,
  RowApiModule,
  CellApiModule,
  LocaleModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
]);

export interface Column<Row, K extends string = string> {
  field: keyof Row & string;
  /** i18n key of the header. */
  header: string;
  /** orderBy enum base when the server can sort by it (typed from the generated enum). */
  sortKey?: K;
  /**
   * money: an exact decimal string, right-aligned, in the locale's format with its currency;
   * status: a translated chip (statuses.<value>).
   */
  kind?: 'money' | 'status';
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
  width?: number;
  flex?: number;
  /** The narrowest a flexible column gets (the table scrolls sideways instead). */
  minWidth?: number;
}

export interface FilterChip {
  id: string;
  label: string;
  onRemove: () => void;
}

export interface SummaryFields<Row> {
  amount: keyof Row & string;
  total: keyof Row & string;
  currency?: string;
}

export interface DataTableProps<Row extends { id: string | number }, K extends string = string> {
  testId: string;
  columns: Column<Row, K>[];
  rows: Row[];
  totalCount: number;
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  sort: SortState<K> | undefined;
  onSortChange: (sort: SortState<K> | undefined) => void;
  filters?: FilterChip[];
  toolbar?: ReactNode;
  bulkActions?: (selected: Row[]) => ReactNode;
  rowActions?: (row: Row) => ReactNode;
  /** Pin the row actions to the right edge: for a table wider than the screen. */
  pinActions?: boolean;
  summary?: SummaryFields<Row>;
  emptyText?: string;
  /** Offers a column chooser; the choice is kept in this browser under this key. */
  columnChooser?: string;
  /** Says under the table which exchange rate its USD amounts use (each record's). */
  usdNote?: boolean;
}

/**
 * Every list screen's table, on AG Grid: server-side pages and sort, removable filter chips, row
 * selection with a summary and bulk actions, row actions, and empty, loading and error states.
 * Shortcuts (any keyboard layout, components/shortcuts.tsx): Ctrl+Q deselects all, Alt+A selects
 * the page, Ctrl+I copies the id of the focused row.
 */
export function DataTable<Row extends { id: string | number }, K extends string = string>(
  props: DataTableProps<Row, K>,
) {
  const { t, i18n } = useTranslation();
  const apiRef = useRef<GridApi<Row> | null>(null);
  // The selection, by id, across pages: it survives a page change until cleared.
  const [selectedById, setSelectedById] = useState<Map<string, Row>>(new Map());
  const selected = useMemo(() => [...selectedById.values()], [selectedById]);
  const { rowActions, pinActions } = props;
  const [shown, setShown] = useColumnChoice(props.columnChooser, props.columns);

  const columnDefs = useMemo<ColDef<Row>[]>(() => {
    const currencyOf = (column: Column<Row, K>, row: Row) =>
      typeof column.currency === 'function' ? column.currency(row) : column.currency;
    const defs: ColDef<Row>[] = props.columns.map((column) => ({
      colId: column.field,
      field: column.field as never,
      headerName: t(column.header),
      sortable: Boolean(column.sortKey),
      // The server has sorted the page: keep its order.
      comparator: () => 0,
      ...(column.kind === 'money'
        ? {
            type: 'rightAligned',
            cellStyle: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
          }
        : column.kind === 'status'
          ? {
              cellRenderer: (p: { value?: string }) =>
                p.value ? (
                  <Chip size="small" label={t(`statuses.${p.value}`)} data-status={p.value} />
                ) : null,
            }
          : {}),
      valueFormatter: column.format
        ? (p) => (p.data ? column.format!(p.data) : '')
        : column.kind === 'money'
          ? (p) =>
              p.data
                ? formatMoney(p.value as string, i18n.language, currencyOf(column, p.data))
                : ''
          : undefined,
      ...(column.link
        ? {
            cellRenderer: (p: { data?: Row; valueFormatted?: string | null; value?: unknown }) =>
              p.data ? (
                <Link component={RouterLink} to={column.link!(p.data)}>
                  {p.valueFormatted ?? String(p.value ?? '')}
                </Link>
              ) : null,
          }
        : {}),
      hide: !column.alwaysShown && !shown.has(column.field),
      // Wide tables scroll sideways rather than cut every cell short.
      minWidth: column.minWidth ?? column.width ?? (column.kind === 'money' ? 150 : 120),
      width: column.width,
      flex: column.flex ?? (column.width ? undefined : 1),
      sort:
        props.sort && column.sortKey === props.sort.key
          ? props.sort.direction === 'ASC'
            ? 'asc'
            : 'desc'
          : null,
    }));
    if (rowActions) {
      defs.push({
        colId: 'actions',
        headerName: t('table.actions'),
        sortable: false,
        width: 130,
        // Kept in view when a wide table scrolls sideways (AG Grid renders only visible columns).
        ...(pinActions ? { pinned: 'right' as const } : {}),
        cellRenderer: (p: { data?: Row }) => (p.data ? rowActions(p.data) : null),
      });
    }
    return defs;
  }, [props.columns, props.sort, rowActions, pinActions, t, i18n.language, shown]);

  const onSortChanged = useCallback(
    (event: SortChangedEvent<Row>) => {
      const sorted = event.api.getColumnState().find((c) => c.sort);
      const column = props.columns.find((c) => c.field === sorted?.colId);
      props.onSortChange(
        column?.sortKey && sorted?.sort
          ? { key: column.sortKey, direction: sorted.sort === 'asc' ? 'ASC' : 'DESC' }
          : undefined,
      );
    },
    [props],
  );

  const clearSelection = useCallback(() => {
    setSelectedById(new Map());
    apiRef.current?.deselectAll();
  }, []);

  // The rows of this page that were selected on an earlier visit are selected again.
  const onRowDataUpdated = useCallback(
    (event: RowDataUpdatedEvent<Row>) => {
      event.api.forEachNode((node) => {
        if (node.data && selectedById.has(String(node.data.id)))
          node.setSelected(true, false, 'api');
      });
    },
    [selectedById],
  );

  const onSelectionChanged = useCallback((event: SelectionChangedEvent<Row>) => {
    // Rows leaving with their page are not deselected: only a user's (or Alt+A's) choice counts.
    if (event.source === 'rowDataChanged') return;
    setSelectedById((previous) => {
      const next = new Map(previous);
      event.api.forEachNode((node) => {
        if (!node.data) return;
        if (node.isSelected()) next.set(String(node.data.id), node.data);
        else next.delete(String(node.data.id));
      });
      return next;
    });
  }, []);

  // Alt+A, Ctrl+Q, Ctrl+I in any keyboard layout, each saying what it did (components/shortcuts).
  const shortcutNotice = useTableShortcuts({
    api: useCallback(() => apiRef.current ?? undefined, []),
    selected,
    clearSelection,
    shownCount: props.rows.length,
    totalCount: props.totalCount,
    totalLabel: formatRowCount(props.totalCount, i18n.language, t),
  });

  const summary = props.summary;
  return (
    <Paper sx={{ p: 2 }} data-testid={props.testId}>
      {(props.toolbar || props.columnChooser) && (
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}
        >
          {props.toolbar}
          {props.columnChooser && (
            <ColumnChooser
              columns={props.columns.filter((column) => !column.alwaysShown)}
              shown={shown}
              onChange={setShown}
            />
          )}
        </Stack>
      )}
      {props.filters && props.filters.length > 0 && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ mb: 2, flexWrap: 'wrap' }}
          data-testid="filter-chips"
        >
          {props.filters.map((chip) => (
            <Chip key={chip.id} label={chip.label} onDelete={chip.onRemove} />
          ))}
        </Stack>
      )}
      {selected.length > 0 && (
        <Box sx={{ mb: 1 }} data-testid="selection-summary">
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
            <Typography variant="body2">
              {t('table.selected', { count: selected.length })}
            </Typography>
            {summary && <SummaryLine selected={selected} fields={summary} />}
            <Button size="small" onClick={clearSelection}>
              {t('table.deselectAll')}
            </Button>
          </Stack>
          {props.bulkActions?.(selected)}
        </Box>
      )}
      {props.loading && <LinearProgress sx={{ mb: 1 }} />}
      {props.error !== undefined && props.error !== null ? (
        <Alert
          severity="error"
          data-testid="table-error"
          action={
            props.onRetry && (
              <Button color="inherit" size="small" onClick={props.onRetry}>
                {t('common.retry')}
              </Button>
            )
          }
        >
          {errorMessage(t, props.error)}
        </Alert>
      ) : (
        <Box>
          <AgGridReact<Row>
            domLayout="autoHeight"
            rowData={props.rows}
            columnDefs={columnDefs}
            getRowId={(p) => String(p.data.id)}
            rowSelection={{ mode: 'multiRow', checkboxes: true, headerCheckbox: true }}
            onGridReady={(event) => (apiRef.current = event.api)}
            onSelectionChanged={onSelectionChanged}
            onRowDataUpdated={onRowDataUpdated}
            onSortChanged={onSortChanged}
            suppressMultiSort
            // While the first page loads, say so (not "nothing found").
            loading={props.loading && props.rows.length === 0}
            overlayNoRowsTemplate={`<span data-testid="table-empty">${escapeHtml(props.emptyText ?? t('table.empty'))}</span>`}
            localeText={{
              ...agGridLocaleText(t),
              noRowsToShow: t('table.empty'),
              loadingOoo: t('table.loading'),
            }}
            suppressCellFocus={false}
          />
        </Box>
      )}
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: props.usdNote ? 'space-between' : 'flex-end' }}
      >
        {props.usdNote && (
          <Typography variant="caption" color="text.secondary" data-testid="usd-note">
            {t('table.usdNote')}
          </Typography>
        )}
        <TablePagination
          component="div"
          count={props.totalCount}
          page={props.page}
          onPageChange={(_e, page) => props.onPageChange(page)}
          rowsPerPage={props.pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onRowsPerPageChange={(e) => props.onPageSizeChange(Number(e.target.value))}
          labelRowsPerPage={t('table.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) =>
            t('table.displayedRows', { from, to, count: formatRowCount(count, i18n.language, t) })
          }
          getItemAriaLabel={(type) => t(`table.${type}Page`)}
          data-testid="pagination"
        />
      </Stack>
      {shortcutNotice}
    </Paper>
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function SummaryLine<Row>({ selected, fields }: { selected: Row[]; fields: SummaryFields<Row> }) {
  const { t, i18n } = useTranslation();
  const summary = selectionSummary(selected, fields.amount, fields.total);
  const money = (value: string) => formatMoney(value, i18n.language, fields.currency);
  return (
    <Typography variant="body2" data-testid="summary-values">
      {t('table.sum')}: {money(summary.amount)} · {t('table.vat')}: {money(summary.vat)} ·{' '}
      {t('table.total')}: {money(summary.total)}
    </Typography>
  );
}
