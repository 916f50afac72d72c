import type { PageLoader } from '../export/index.ts';
import { Alert, Box, Button, LinearProgress, Paper, Stack } from '@mui/material';
import type {
  ColDef,
  GridApi,
  RowDataUpdatedEvent,
  SelectionChangedEvent,
  SortChangedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import { ColumnChooser, useColumnChoice } from './ColumnChooser.tsx';
import {
  actionsColumn,
  cellParts,
  columnDefs,
  columnsKey,
  RowActionsContext,
  type Column,
} from './column-defs.tsx';
import { agGridLocaleText } from '../../i18n/ag-grid-locale.ts';
import { formatRowCount } from '../format.ts';
import { useTableShortcuts } from '../shortcuts.tsx';
import { useFillHeight } from './fill-height.ts';
import { ROW_HEIGHT, useWrappedRowHeights } from './row-heights.ts';
import { MatchingOffer } from './MatchingOffer.tsx';
import { escapeHtml, THEME } from './grid-setup.ts';
import {
  FilterChips,
  SelectionLine,
  TableFooter,
  type FilterChip,
  type SummaryFields,
} from './table-parts.tsx';
import { useKnownTotal, type SortState } from './table-state.ts';

export type { Column, ColumnKind } from './column-defs.tsx';
export type { FilterChip, SummaryFields } from './table-parts.tsx';

export interface DataTableProps<Row extends { id: string | number }, K extends string = string> {
  testId: string;
  /**
   * May be built afresh in each render; the grid takes new definitions only when what they show
   * changes (`columnsKey`) or the language does, so a column's functions depend on the language
   * alone.
   */
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
  /** A row's actions: may be a new function in each render, each reaching the action cells. */
  rowActions?: (row: Row) => ReactNode;
  /** The width of the row actions column (default: room for three icons). */
  actionsWidth?: number;
  /** Pin the row actions to the right edge: for a table wider than the screen. */
  pinActions?: boolean;
  summary?: SummaryFields<Row>;
  emptyText?: string;
  /** Offers a column chooser; the choice is kept in this browser under this key. */
  columnChooser?: string;
  /** Says under the table which exchange rate its USD amounts use (each record's). */
  usdNote?: boolean;
  /** The list's rows matching its filters (its own query): offers "select all N matching". */
  loadMatching?: PageLoader<Row>;
}

/**
 * Every list screen's table, on AG Grid: server-side pages and sort, removable filter chips, row
 * selection with a summary and bulk actions, row actions, and empty, loading and error states.
 * Shortcuts: Ctrl+Q deselects all, Alt+A selects all, Ctrl+I copies the id of the focused row.
 * The grid is as high as its rows, at most the window's height left below it (then it scrolls).
 */
export function DataTable<Row extends { id: string | number }, K extends string = string>(
  props: DataTableProps<Row, K>,
) {
  const { t, i18n } = useTranslation();
  const apiRef = useRef<GridApi<Row> | null>(null);
  // The selection, by id, across pages: it survives a page change until cleared.
  const [selectedById, setSelectedById] = useState<Map<string, Row>>(new Map());
  const selected = useMemo(() => [...selectedById.values()], [selectedById]);
  const { rowActions, pinActions, actionsWidth } = props;
  const [shown, setShown] = useColumnChoice(props.columnChooser, props.columns);
  const { ref: gridBox, height } = useFillHeight(props.rows);
  const rowHeights = useWrappedRowHeights(useCallback(() => apiRef.current ?? undefined, []));
  const { watch } = rowHeights;
  const gridRef = useCallback(
    (element: HTMLDivElement | null) => {
      gridBox.current = element;
      const stop = watch(element);
      return () => {
        stop?.();
        gridBox.current = null;
      };
    },
    [gridBox, watch],
  );
  const waiting = props.loading && props.rows.length === 0;
  const footerTotal = useKnownTotal(props.totalCount, waiting);
  // The first rows are drawn with the rows in view only; right after they are on screen, every
  // row of the page (at most 100) is drawn too. See `rowBuffer` below.
  const [everyRow, setEveryRow] = useState(false);
  const drawEveryRow = useCallback(() => {
    // After the next frame is painted: the rows in view are on screen first.
    requestAnimationFrame(() => setTimeout(() => setEveryRow(true), 0));
  }, []);

  const hasActions = Boolean(rowActions);
  const columnsShown = columnsKey(props.columns);
  const defs = useMemo<ColDef<Row>[]>(
    () => {
      const list = columnDefs({
        columns: props.columns,
        shown,
        sort: props.sort,
        t,
        language: i18n.language,
      });
      if (hasActions) list.push(actionsColumn(t('table.actions'), actionsWidth ?? 130, pinActions));
      return list;
    },
    // The columns by what they show (`columnsKey`), not by the array: a page's new array of the
    // same columns keeps the grid's definitions.
    [columnsShown, props.sort, hasActions, pinActions, actionsWidth, t, i18n.language, shown],
  );

  // The address's sort as the definitions say it (`columnDefs`: 'asc' or 'desc' on one column).
  const wanted = defs.find((def) => def.sort);
  const wantedColumn = wanted?.colId;
  const wantedDirection = wanted?.sort as 'asc' | 'desc' | undefined;
  // When the address's sort changes, the grid shows it, whatever it shows then: a render of an
  // earlier sort, come after a header's second click, never stays. Only then: a navigation renders
  // after the list's other renders (a transition), and one of those, with the address still
  // before a header's click, must not take the click's sort back from the grid.
  useEffect(() => {
    const api = apiRef.current;
    if (!api || api.isDestroyed()) return;
    const sorted = api.getColumnState().find((column) => column.sort);
    if (wantedColumn ? sorted?.colId === wantedColumn && sorted.sort === wantedDirection : !sorted)
      return;
    api.applyColumnState({
      state: wantedColumn ? [{ colId: wantedColumn, sort: wantedDirection }] : [],
      defaultState: { sort: null },
    });
  }, [wantedColumn, wantedDirection]);

  const onSortChanged = useCallback(
    (event: SortChangedEvent<Row>) => {
      // Only a user's sort (a header clicked or keyed) changes the list. The grid also reports
      // the sort it is given by its columns, and a list renders a sort a moment after the address
      // has it: a render of an earlier sort, reported back, would undo the user's latest one.
      if (event.source !== 'uiColumnSorted') return;
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
      <FilterChips chips={props.filters} />
      <SelectionLine
        selected={selected}
        summary={props.summary}
        onClear={clearSelection}
        bulkActions={props.bulkActions}
        offer={
          props.loadMatching && (
            <MatchingOffer
              rows={props.rows}
              selected={selectedById}
              totalCount={props.totalCount}
              load={props.loadMatching}
              onSelect={(rows) => setSelectedById(new Map(rows.map((r) => [String(r.id), r])))}
            />
          )
        }
      />
      {/* The loading bar lies over the top edge of what follows (the grid, or the error), so that
          nothing moves when loading starts or ends (the first rows arriving, a page turned). */}
      <Box sx={{ position: 'relative' }}>
        {props.loading && (
          <LinearProgress
            aria-label={t('table.loading')}
            // Rounded as the grid's frame (Quartz's wrapperBorderRadius, 8 px).
            sx={{
              position: 'absolute',
              top: 0,
              left: 0,
              right: 0,
              zIndex: 2,
              borderRadius: '8px 8px 0 0',
            }}
          />
        )}
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
          <Box
            ref={gridRef}
            sx={(theme) => ({ ...cellParts(theme), ...(height ? { height } : {}) })}
          >
            <RowActionsContext.Provider
              value={rowActions as ((row: never) => ReactNode) | undefined}
            >
              <AgGridReact<Row>
                theme={THEME}
                domLayout={height ? 'normal' : 'autoHeight'}
                // Every row and column of the page stays in the page (at most 100 rows): a row
                // can be found (the browser's find), measured and scrolled to. The rows out of
                // view come right after the first rows are painted, so that those are not kept
                // waiting for them.
                rowBuffer={everyRow ? 100 : 10}
                onFirstDataRendered={drawEveryRow}
                suppressColumnVirtualisation
                // A row that grows to its wrapped values, or moves with a new sort or page, takes
                // its place at once: sliding rows over 0.4 s restyled the page in every frame
                // meanwhile.
                animateRows={false}
                rowData={props.rows}
                columnDefs={defs}
                getRowId={(p) => String(p.data.id)}
                rowHeight={ROW_HEIGHT}
                getRowHeight={rowHeights.getRowHeight}
                rowSelection={{ mode: 'multiRow', checkboxes: true, headerCheckbox: true }}
                onGridReady={(event) => {
                  apiRef.current = event.api;
                  rowHeights.measureSoon();
                }}
                onSelectionChanged={onSelectionChanged}
                onRowDataUpdated={onRowDataUpdated}
                onSortChanged={onSortChanged}
                suppressMultiSort
                // While the first page loads, say so (not "nothing found").
                loading={waiting}
                overlayNoRowsTemplate={`<span data-testid="table-empty">${escapeHtml(props.emptyText ?? t('table.empty'))}</span>`}
                localeText={{
                  ...agGridLocaleText(t),
                  noRowsToShow: t('table.empty'),
                  loadingOoo: t('table.loading'),
                }}
                suppressCellFocus={false}
              />
            </RowActionsContext.Provider>
          </Box>
        )}
      </Box>
      <TableFooter
        usdNote={props.usdNote}
        totalCount={footerTotal}
        page={props.page}
        pageSize={props.pageSize}
        onPageChange={props.onPageChange}
        onPageSizeChange={props.onPageSizeChange}
      />
      {shortcutNotice}
    </Paper>
  );
}
