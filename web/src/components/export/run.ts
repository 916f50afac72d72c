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

/** One page of a list: `first` rows from `offset`, in the list's filters and order. */
export type PageLoader<Row> = (first: number, offset: number) => Promise<(Row | null)[]>;

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
 * Up to `limit` rows of a list, page by page, and whether there are more (one row beyond the limit
 * is asked for to know). `onPage` sees each page as it arrives.
 */
export async function loadPages<Row>(
  limit: number,
  page: PageLoader<Row>,
  onPage?: (rows: Row[], loadedSoFar: number) => void | Promise<void>,
  signal?: AbortSignal,
): Promise<LoadedRows<Row>> {
  const rows: Row[] = [];
  let more = false;
  for (let offset = 0; offset <= limit; offset += API_PAGE_MAX) {
    signal?.throwIfAborted();
    const first = Math.min(API_PAGE_MAX, limit + 1 - offset);
    const got = (await abortable(page(first, offset), signal)).filter(
      (row): row is Row => row !== null,
    );
    const kept = got.slice(0, Math.max(0, limit - rows.length));
    more = more || got.length > kept.length;
    rows.push(...kept);
    await onPage?.(kept, rows.length);
    if (got.length < first) break;
  }
  return { rows, more };
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
