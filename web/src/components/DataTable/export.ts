// A table's rows as a CSV or XLSX file, with the columns and headers the table shows. Money stays
// the exact decimal string in CSV; in XLSX it becomes a number cell (Excel keeps numbers as
// doubles, which hold every amount of up to 15 significant digits exactly) so that it can be summed.
import type { TFunction } from 'i18next';
import { saveFile } from '../save-file.ts';
import type { Column } from './DataTable.tsx';

export type ExportFormat = 'csv' | 'xlsx';

/** At most this many rows go into one file; the screen says so when there are more. */
export const EXPORT_LIMIT = 10_000;

/** The largest page the API returns (server/src/graphql/plugins/page-size-cap.ts). */
export const API_PAGE_MAX = 500;

/** What an export loads: the rows, and whether the list holds more than were loaded. */
export interface LoadedRows<Row> {
  rows: Row[];
  more: boolean;
}

/**
 * Up to `limit` rows of a list, page by page at the API's largest page, and whether there are
 * more (one row beyond the limit is asked for to know). The list's count is not used: the screens
 * count only up to 1,000 rows.
 */
export async function loadPages<Row>(
  limit: number,
  page: (first: number, offset: number) => Promise<(Row | null)[]>,
): Promise<LoadedRows<Row>> {
  const rows: Row[] = [];
  for (let offset = 0; offset <= limit; offset += API_PAGE_MAX) {
    const first = Math.min(API_PAGE_MAX, limit + 1 - offset);
    const got = await page(first, offset);
    rows.push(...got.filter((row): row is Row => row !== null));
    if (got.length < first) break;
  }
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

interface ExportInput<Row> {
  format: ExportFormat;
  /** The file's name without extension. */
  fileName: string;
  columns: Column<Row>[];
  rows: Row[];
  t: TFunction;
}

/** What a cell holds in the file: a money column's exact string, a status's text, a format's. */
function cellText<Row>(column: Column<Row>, row: Row, t: TFunction): string {
  const value = row[column.field];
  if (column.kind === 'money') return value == null ? '' : String(value);
  if (column.kind === 'status') return value == null ? '' : t(`statuses.${String(value)}`);
  if (column.format) return column.format(row);
  return value == null ? '' : String(value);
}

function header<Row>(column: Column<Row>, t: TFunction): string {
  const currency = typeof column.currency === 'string' ? `, ${column.currency}` : '';
  return `${t(column.header)}${currency}`;
}

/** RFC 4180 CSV with a byte-order mark, so that Excel reads it as UTF-8. */
export function toCsv<Row>(columns: Column<Row>[], rows: Row[], t: TFunction): string {
  const quote = (text: string) => (/[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const lines = [
    columns.map((column) => quote(header(column, t))).join(','),
    ...rows.map((row) => columns.map((column) => quote(cellText(column, row, t))).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

async function toXlsx<Row>(columns: Column<Row>[], rows: Row[], t: TFunction): Promise<Blob> {
  // exceljs is large: it loads only when someone exports.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Export');
  sheet.columns = columns.map((column) => ({
    header: header(column, t),
    key: column.field,
    width: Math.max(12, header(column, t).length + 2),
    style: column.kind === 'money' ? { numFmt: '#,##0.00' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      columns.map((column) => {
        const text = cellText(column, row, t);
        return column.kind === 'money' && text !== '' ? Number(text) : text;
      }),
    );
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
}

/** Builds the file and hands it to the browser as a download. */
export async function exportRows<Row>(input: ExportInput<Row>): Promise<void> {
  const blob =
    input.format === 'csv'
      ? new Blob([toCsv(input.columns, input.rows, input.t)], { type: 'text/csv;charset=utf-8' })
      : await toXlsx(input.columns, input.rows, input.t);
  saveFile(blob, `${input.fileName}.${input.format}`);
}
