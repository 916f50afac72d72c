import type { GridApi, RowHeightParams } from 'ag-grid-community';
import { useCallback, useRef } from 'react';

/**
 * A wrapped cell (a name, a text): its lines, closer than a row's single line, and its padding.
 * A row is as high as the most lines any of its wrapped cells takes, at least the theme's row.
 */
const LINE_PX = 20;
const PADDING_PX = 10;
/** A cell's top and bottom border (AG Grid's quartz theme: 1 px each, transparent). */
const BORDERS_PX = 2;
/** A row of one line: the grid's `rowHeight` (the quartz theme's own). */
export const ROW_HEIGHT = 42;
export const WRAPPED_CELL = 'cell-wrapped';
export const WRAPPED_STYLE = {
  lineHeight: `${LINE_PX}px`,
  paddingTop: `${PADDING_PX}px`,
  paddingBottom: `${PADDING_PX}px`,
};

/** The header's height while each label takes one or two lines (AG Grid's quartz theme). */
const HEADER_HEIGHT = 48;
/** The room above and below a header's label when the label sets the header's height. */
const HEADER_LABEL_PADDING_PX = 10;
const HEADER_CELL = 'ag-header-cell';
const HEADER_LABEL = 'ag-header-cell-text';

/** The height of a row whose tallest wrapped cell takes `lines` lines. */
function wrappedRowHeight(lines: number): number {
  return Math.max(ROW_HEIGHT, lines * LINE_PX + 2 * PADDING_PX + BORDERS_PX);
}

/**
 * The lines a cell's content takes: the height of its content's box (from the top of its first
 * line's letters to the bottom of its last's) in whole lines. The box does not depend on the
 * row's height, so a row found too high after its names got shorter (another language, a wider
 * column) comes down again.
 */
function linesOf(cell: HTMLElement, range: Range): number {
  return Math.ceil(contentHeight(cell, range) / LINE_PX);
}

/** The height of an element's content's box: its text's lines, whatever the element's height. */
function contentHeight(element: HTMLElement, range: Range): number {
  range.selectNodeContents(element);
  return range.getBoundingClientRect().height;
}

/**
 * The header's height: as high as its tallest label, which wraps between its words (a header of
 * three lines in a column dragged narrow), never lower than the theme's.
 */
function headerHeightOf(root: HTMLElement, range: Range): number {
  let label = 0;
  for (const text of Array.from(root.querySelectorAll<HTMLElement>(`.${HEADER_LABEL}`)))
    label = Math.max(label, contentHeight(text, range));
  return Math.max(HEADER_HEIGHT, Math.ceil(label) + HEADER_LABEL_PADDING_PX);
}

/**
 * Rows as high as their wrapped cells, and the header as high as its labels, measured in one pass
 * for the whole grid.
 *
 * AG Grid's own `autoHeight` measures each wrapped cell as it creates it: its computed style and
 * its height, between the creation of one cell and the next, so each measure lays the page out
 * again (the costs list's 50 rows: 154 layouts in an in-app navigation, 45 without).
 * Here the grid draws its rows at `ROW_HEIGHT` and, before the next frame is painted, every
 * wrapped cell drawn is measured at once (one layout) and the rows whose height changed are set
 * (`setRowHeight`, then `onRowHeightChanged`). A measure is due whenever the grid's cells change
 * (rows drawn, a value or a language changed) or a wrapped cell's width does (a column dragged
 * narrower, a narrower window): a mutation under the grid; when the grid's own width changes (a
 * grid hidden, then shown); and when the grid becomes ready (`measureSoon`: its rows can be
 * drawn before it says so). The heights are kept by row id for the grid's `getRowHeight`, so
 * that a page's rows given again keep their measured height.
 * The header likewise: AG Grid's `autoHeaderHeight` measures each header cell as it creates it (a
 * layout per column, about 5 ms of an in-app navigation to the bills); here its labels are
 * measured in the same pass, and the grid's `headerHeight` set when it changes.
 */
export function useWrappedRowHeights<Row extends { id: string | number }>(
  api: () => GridApi<Row> | undefined,
) {
  const heights = useRef(new Map<string, number>());
  const header = useRef(HEADER_HEIGHT);
  const frame = useRef(0);
  const grid = useRef<HTMLElement | null>(null);

  const measure = useCallback(() => {
    frame.current = 0;
    const gridApi = api();
    const root = grid.current;
    // A hidden grid's cells have no lines: measured once it is shown.
    if (!gridApi || gridApi.isDestroyed() || !root || root.offsetWidth === 0) return;
    const range = document.createRange();
    const headerHeight = headerHeightOf(root, range);
    const changed: [string, number][] = [];
    // Reads only, then writes: the page is laid out once for all the cells.
    for (const row of Array.from(root.querySelectorAll<HTMLElement>('.ag-row[row-id]'))) {
      const id = row.getAttribute('row-id')!;
      let lines = 1;
      for (const cell of Array.from(row.querySelectorAll<HTMLElement>(`.${WRAPPED_CELL}`)))
        lines = Math.max(lines, linesOf(cell, range));
      const height = wrappedRowHeight(lines);
      if ((heights.current.get(id) ?? ROW_HEIGHT) !== height) changed.push([id, height]);
    }
    if (headerHeight !== header.current) {
      header.current = headerHeight;
      gridApi.setGridOption('headerHeight', headerHeight);
    }
    if (changed.length === 0) return;
    for (const [id, height] of changed) {
      heights.current.set(id, height);
      gridApi.getRowNode(id)?.setRowHeight(height);
    }
    gridApi.onRowHeightChanged();
  }, [api]);

  /** A measure before the next frame (one, however many changes come before it). */
  const schedule = useCallback(() => {
    if (!frame.current) frame.current = requestAnimationFrame(measure);
  }, [measure]);

  /**
   * Watches the grid's box for changes of its cells while it is in the page: a ref callback's
   * body, whose cleanup stops watching.
   */
  const watch = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return undefined;
      grid.current = element;
      // Cells drawn or changed, and a wrapped cell's or a header cell's width: AG Grid sets it in
      // the cell's style whenever a column's width changes (dragged, or a flex column's share of
      // a new width, which it does not always announce with an event).
      const observer = new MutationObserver((records) => {
        if (
          records.some(
            (record) =>
              record.type !== 'attributes' ||
              (record.target as Element).classList.contains(WRAPPED_CELL) ||
              (record.target as Element).classList.contains(HEADER_CELL),
          )
        )
          schedule();
      });
      observer.observe(element, {
        childList: true,
        subtree: true,
        characterData: true,
        attributes: true,
        attributeFilter: ['style'],
      });
      // A grid drawn while hidden (no width) is measured again once it is shown.
      let width = element.offsetWidth;
      const resized = new ResizeObserver(() => {
        if (element.offsetWidth !== width) schedule();
        width = element.offsetWidth;
      });
      resized.observe(element);
      schedule();
      return () => {
        observer.disconnect();
        resized.disconnect();
        grid.current = null;
        cancelAnimationFrame(frame.current);
        frame.current = 0;
      };
    },
    [schedule],
  );

  const getRowHeight = useCallback(
    (params: RowHeightParams<Row>) =>
      params.data ? heights.current.get(String(params.data.id)) : undefined,
    [],
  );
  return { watch, getRowHeight, measureSoon: schedule };
}
