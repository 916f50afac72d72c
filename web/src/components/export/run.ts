// An export of up to EXPORT_LIMIT rows: fetched page by page at the API's largest page, each page
// turned into typed cells at once and the main thread given back between pages (so the tab keeps
// responding), the XLSX file written by `writeXlsx` (in the browser a Web Worker, worker.ts);
// progress reported as rows arrive.
import type { TFunction } from 'i18next';
import {
  BOM,
  cellOf,
  csvLine,
  csvText,
  exportFileName,
  headerOf,
  type Cell,
  type ExportColumn,
  type ExportLanguage,
} from './cells.ts';
import { buildXlsx, type XlsxInput } from './xlsx.ts';

export type ExportFormat = 'csv' | 'xlsx';

/** At most this many rows go into one file; the screen says so when there are more. */
export const EXPORT_LIMIT = 100_000;

/** The largest page the API returns (server/src/graphql/plugins/page-size-cap.ts). */
export const API_PAGE_MAX = 500;

/**
 * One page of a list and where the next one starts: `next` is the cursor to pass as `after` for
 * the next page (a connection's `pageInfo.endCursor`), null on the last page.
 */
export interface Page<Row> {
  rows: (Row | null)[];
  next: string | null;
}

/**
 * Up to `first` rows of a list after the cursor (null: from the first row), in the list's filters
 * and order. Keyset paging: the list's document takes `after` (its order ends with the primary
 * key, so the order is unique), and a late page costs what the first one does, where an offset
 * makes the server walk past every row before it.
 */
export type PageLoader<Row> = (first: number, after: string | null) => Promise<Page<Row>>;

/** A connection's page (`nodes` and `pageInfo { hasNextPage endCursor }`) for a PageLoader. */
export function connectionPage<Row>(
  connection:
    | {
        nodes: readonly (Row | null)[];
        pageInfo: { hasNextPage: boolean; endCursor?: string | null };
      }
    | null
    | undefined,
): Page<Row> {
  if (!connection) return { rows: [], next: null };
  const { hasNextPage, endCursor } = connection.pageInfo;
  return { rows: [...connection.nodes], next: hasNextPage && endCursor ? endCursor : null };
}

/** Pages over rows already in the browser (a selection, a report on screen). */
export function rowsPages<Row>(rows: readonly Row[]): PageLoader<Row> {
  return async (first, after) => {
    const start = after ? Number(after) : 0;
    const end = start + first;
    return { rows: rows.slice(start, end), next: end < rows.length ? String(end) : null };
  };
}

/** The rows of a page, those the API returned as null (not visible) left out. */
export function mapPage<Row, Out>({ rows, next }: Page<Row>, map: (row: Row) => Out): Page<Out> {
  return { rows: rows.flatMap((row) => (row === null ? [] : [map(row)])), next };
}

/** What an export loads: the rows, and whether the list holds more than were loaded. */
export interface LoadedRows<Row> {
  rows: Row[];
  more: boolean;
}

/** Gives the main thread back (input, painting) before the next piece of work. */
export const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The promise, or its abort as soon as the signal says so (a page under way is not waited for). */
function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * Up to `limit` rows of a list, page by page (each after the previous page's last row), and
 * whether the list holds more. `onPage` sees each page as it arrives.
 */
export async function loadPages<Row>(
  limit: number,
  page: PageLoader<Row>,
  onPage?: (rows: Row[], loadedSoFar: number) => void | Promise<void>,
  signal?: AbortSignal,
): Promise<LoadedRows<Row>> {
  const rows: Row[] = [];
  let after: string | null = null;
  for (;;) {
    signal?.throwIfAborted();
    const first = Math.min(API_PAGE_MAX, limit - rows.length);
    if (first <= 0) return { rows, more: true };
    const got: Page<Row> = await abortable(page(first, after), signal);
    const kept = got.rows.filter((row): row is Row => row !== null).slice(0, first);
    rows.push(...kept);
    await onPage?.(kept, rows.length);
    if (got.next === null) return { rows, more: false };
    after = got.next;
  }
}

export interface ExportInput<Row> {
  format: ExportFormat;
  /** The list's title in the reader's language: the file's name and the sheet's. */
  title: string;
  columns: ExportColumn<Row>[];
  loadPage: PageLoader<Row>;
  t: TFunction;
  language: ExportLanguage;
  limit?: number;
  onProgress?: (loaded: number) => void;
  signal?: AbortSignal;
  /** Today, for the file's name (tests fix it). */
  today?: Date;
  /** Writes the XLSX bytes: the browser's export passes its Web Worker (worker.ts); else here. */
  writeXlsx?: (input: XlsxInput, signal?: AbortSignal) => Promise<ArrayBuffer>;
}

export interface ExportResult {
  fileName: string;
  blob: Blob;
  count: number;
  more: boolean;
}

/** Loads the rows and builds the file (without saving it). */
export async function buildExport<Row>(input: ExportInput<Row>): Promise<ExportResult> {
  const { columns, t, language } = input;
  const headers = columns.map((column) => headerOf(column, t));
  const csv: string[] = [`${BOM}${csvLine(headers, language)}\r\n`];
  const cells: (Cell | null)[][] = [];
  const { rows, more } = await loadPages(
    input.limit ?? EXPORT_LIMIT,
    input.loadPage,
    async (page, loaded) => {
      const typed = page.map((row) => columns.map((column) => cellOf(column, row, t)));
      if (input.format === 'csv')
        csv.push(
          typed
            .map((line) =>
              csvLine(
                line.map((cell) => csvText(cell, language)),
                language,
              ),
            )
            .join('\r\n') + (typed.length ? '\r\n' : ''),
        );
      else cells.push(...typed);
      input.onProgress?.(loaded);
      await yieldToBrowser();
    },
    input.signal,
  );
  const fileName = exportFileName(input.title, input.format, input.today);
  const blob =
    input.format === 'csv'
      ? new Blob(csv, { type: 'text/csv;charset=utf-8' })
      : new Blob(
          [
            await (input.writeXlsx ?? buildXlsx)(
              { sheetName: input.title, headers, rows: cells, language },
              input.signal,
            ),
          ],
          {
            type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          },
        );
  return { fileName, blob, count: rows.length, more };
}
