// An XLSX workbook of typed cells (cells.ts): numbers, dates and money as Excel stores them, each
// with its number format; the header row bold and frozen. Runs in the export worker.
import { excelValue, numberFormat, type Cell, type ExportLanguage } from './cells.ts';

export interface XlsxInput {
  sheetName: string;
  headers: string[];
  rows: (Cell | null)[][];
  language: ExportLanguage;
}

/** The workbook's bytes. */
export async function buildXlsx(input: XlsxInput): Promise<ArrayBuffer> {
  // exceljs is large: it loads only when someone exports.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  // Excel refuses sheet names over 31 characters or with []:*?/\.
  const sheet = workbook.addWorksheet(input.sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const widths = input.headers.map((header) => Math.max(10, header.length + 2));
  sheet.addRow(input.headers).font = { bold: true };
  for (const cells of input.rows) {
    const row = sheet.addRow(cells.map((cell) => (cell ? excelValue(cell) : null)));
    cells.forEach((cell, index) => {
      if (!cell) return;
      const format = numberFormat(cell, input.language);
      if (format) row.getCell(index + 1).numFmt = format;
      const shown = cell.type === 'text' ? cell.value.length : format ? format.length : 10;
      if (shown + 2 > widths[index]!) widths[index] = Math.min(60, shown + 2);
    });
  }
  widths.forEach((width, index) => {
    sheet.getColumn(index + 1).width = width;
  });
  // In the browser exceljs gives a Buffer (a view on a larger ArrayBuffer), which a worker cannot
  // transfer: the file's own bytes, in an ArrayBuffer of their own.
  const written = (await workbook.xlsx.writeBuffer()) as ArrayBuffer | Uint8Array;
  const view = written instanceof Uint8Array ? written : new Uint8Array(written as ArrayBuffer);
  return view.slice().buffer as ArrayBuffer;
}
