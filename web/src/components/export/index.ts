// One export module for every list (issue 28 item 6): typed XLSX cells, CSV in the reader's
// convention, one file name rule, streamed with progress. docs/web.md "Exports".
export { ExportButton } from './ExportButton.tsx';
export {
  CSV_CONVENTION,
  cellOf,
  csvText,
  exportFileName,
  headerOf,
  toCsv,
  type Cell,
  type ExportColumn,
} from './cells.ts';
export {
  API_PAGE_MAX,
  EXPORT_LIMIT,
  buildExport,
  connectionPage,
  loadPages,
  mapPage,
  rowsPages,
  type ExportFormat,
  type LoadedRows,
  type Page,
  type PageLoader,
} from './run.ts';
export { runExport } from './worker.ts';
