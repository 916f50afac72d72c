// What an exported cell holds, decided once for every export (issue 28 item 6): numbers as
// numbers, dates as dates, money as a number with its currency's format, VAT as a percentage, a
// period as year and month; headers name a fixed currency once; CSV follows the reader's locale;
// one file name rule. Pure functions: the XLSX writer (a Web Worker) and the tests use them.
import type { TFunction } from 'i18next';
import type { ColumnKind } from '../DataTable/column-kind.ts';

/** A column as the export reads it: the table's column (DataTable's Column) or the same shape. */
export interface ExportColumn<Row> {
  field: keyof Row & string;
  /** i18n key of the header. */
  header: string;
  /** The table's kind of column; money and status cells are written as such. */
  kind?: ColumnKind;
  /** The currency of a money cell: a code, or the row's. */
  currency?: string | ((row: Row) => string);
  format?: (row: Row) => string;
}

export type CellType =
  'text' | 'integer' | 'number' | 'money' | 'percent' | 'date' | 'datetime' | 'period';

/**
 * One cell, as plain data (it goes to the worker): its type and value. Dates are ISO strings
 * (`yyyy-mm-dd`; a date-time in local time `yyyy-mm-ddThh:mm:ss`; a period `yyyy-mm`), money and
 * percentages the exact decimal string, whole numbers numbers.
 */
export type Cell =
  | { type: 'text'; value: string }
  | { type: 'integer' | 'number'; value: number }
  | { type: 'money'; value: string; currency: string }
  | { type: 'percent'; value: string }
  | { type: 'date' | 'datetime' | 'period'; value: string };

export type ExportLanguage = 'ru' | 'en';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const PERIOD = /^\d{4}-\d{2}$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A timestamp as local date and time, `yyyy-mm-ddThh:mm:ss` (what the reader saw on screen). */
function localDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** The text a cell shows when it is not typed: the column's format, else the value. */
function text<Row>(column: ExportColumn<Row>, row: Row, t: TFunction): string {
  const value = row[column.field];
  if (column.kind === 'status') return value == null ? '' : t(`statuses.${String(value)}`);
  if (column.format) return column.format(row);
  return value == null ? '' : String(value);
}

/** The typed cell of a row's column (null: empty). */
export function cellOf<Row>(column: ExportColumn<Row>, row: Row, t: TFunction): Cell | null {
  const value = row[column.field] as unknown;
  if (value == null || value === '') {
    const shown = column.format && column.kind !== 'money' ? column.format(row) : '';
    return shown ? { type: 'text', value: shown } : null;
  }
  if (column.kind === 'money' && DECIMAL.test(String(value))) {
    const currency =
      typeof column.currency === 'function' ? column.currency(row) : (column.currency ?? '');
    return { type: 'money', value: String(value), currency };
  }
  if (column.kind === 'status') return { type: 'text', value: text(column, row, t) };
  if (/^vat|percent$/i.test(column.field) && DECIMAL.test(String(value)))
    return { type: 'percent', value: String(value) };
  if (column.field === 'period') {
    const year = (row as Record<string, unknown>).year;
    if (typeof value === 'number' && typeof year === 'number' && value >= 1 && value <= 12)
      return { type: 'period', value: `${year}-${pad(value)}` };
    if (typeof value === 'string' && PERIOD.test(value)) return { type: 'period', value };
  }
  if (typeof value === 'number')
    return { type: Number.isInteger(value) ? 'integer' : 'number', value };
  if (typeof value === 'string' && DATE.test(value)) return { type: 'date', value };
  if (typeof value === 'string' && DATE_TIME.test(value))
    return { type: 'datetime', value: localDateTime(value) };
  const shown = text(column, row, t);
  return shown ? { type: 'text', value: shown } : null;
}

/** A column's header: its title, and a fixed currency once (never "Amount, USD, USD"). */
export function headerOf<Row>(column: ExportColumn<Row>, t: TFunction): string {
  const title = t(column.header);
  const currency = typeof column.currency === 'string' ? column.currency : '';
  return currency && !new RegExp(`\\b${currency}\\b`).test(title) ? `${title}, ${currency}` : title;
}

/** The CSV convention of a language: what Excel of that locale opens as columns and numbers. */
export const CSV_CONVENTION: Record<ExportLanguage, { separator: string; decimal: string }> = {
  ru: { separator: ';', decimal: ',' },
  en: { separator: ',', decimal: '.' },
};

/** A date as the language writes it in CSV (Excel of the locale reads it as a date). */
function csvDate(iso: string, language: ExportLanguage): string {
  const [year, month, day] = iso.split('-');
  return language === 'ru' ? `${day}.${month}.${year}` : iso;
}

/** A cell as CSV text in the language's convention. */
export function csvText(cell: Cell | null, language: ExportLanguage): string {
  if (!cell) return '';
  const { decimal } = CSV_CONVENTION[language];
  switch (cell.type) {
    case 'text':
      return cell.value;
    case 'integer':
    case 'number':
      return String(cell.value).replace('.', decimal);
    case 'money':
      return cell.value.replace('.', decimal);
    case 'percent':
      return `${cell.value.replace('.', decimal)}%`;
    case 'date':
      return csvDate(cell.value, language);
    case 'datetime': {
      const [date, time] = cell.value.split('T');
      return `${csvDate(date!, language)} ${time!.slice(0, 5)}`;
    }
    case 'period':
      return cell.value;
  }
}

/** One CSV line: the cells joined by the separator, quoted where needed. */
export function csvLine(texts: string[], language: ExportLanguage): string {
  const { separator } = CSV_CONVENTION[language];
  return texts
    .map((value) =>
      value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value,
    )
    .join(separator);
}

/** The byte-order mark that makes Excel read a CSV file as UTF-8. */
export const BOM = '\uFEFF';

/** The whole CSV text (tests and small exports; large ones are built in chunks the same way). */
export function toCsv<Row>(
  columns: ExportColumn<Row>[],
  rows: Row[],
  t: TFunction,
  language: ExportLanguage,
): string {
  const lines = [
    csvLine(
      columns.map((column) => headerOf(column, t)),
      language,
    ),
    ...rows.map((row) =>
      csvLine(
        columns.map((column) => csvText(cellOf(column, row, t), language)),
        language,
      ),
    ),
  ];
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** Excel's number format of a typed cell, per language. */
export function numberFormat(cell: Cell, language: ExportLanguage): string | undefined {
  switch (cell.type) {
    case 'integer':
      return '0';
    case 'money':
      return cell.currency ? `#,##0.00 "${cell.currency}"` : '#,##0.00';
    case 'percent':
      return '0.00%';
    case 'date':
      return language === 'ru' ? 'dd.mm.yyyy' : 'yyyy-mm-dd';
    case 'datetime':
      return language === 'ru' ? 'dd.mm.yyyy hh:mm' : 'yyyy-mm-dd hh:mm';
    case 'period':
      return 'yyyy-mm';
    default:
      return undefined;
  }
}

/** The value Excel stores for a typed cell: a number, a Date (UTC, as Excel has no zones), text. */
export function excelValue(cell: Cell): string | number | Date {
  switch (cell.type) {
    case 'text':
    case 'integer':
    case 'number':
      return cell.value;
    case 'money':
      return Number(cell.value);
    case 'percent':
      return Number(cell.value) / 100;
    case 'date':
    case 'period':
    case 'datetime': {
      const [date, time = '00:00:00'] = cell.value.split('T');
      const [year, month, day = 1] = date!.split('-').map(Number);
      const [hours, minutes, seconds = 0] = time.split(':').map(Number);
      return new Date(Date.UTC(year!, month! - 1, day, hours, minutes, seconds));
    }
  }
}

/** The one rule for a file's name: the list's title and the day, `<title> <yyyy-mm-dd>.<ext>`. */
export function exportFileName(
  title: string,
  extension: 'xlsx' | 'csv',
  today = new Date(),
): string {
  const day = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  const safe =
    title
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'export';
  return `${safe} ${day}.${extension}`;
}
