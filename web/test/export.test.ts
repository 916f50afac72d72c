// The one export module (issue 28 item 6): typed cells, headers naming a fixed currency once, CSV in
// the reader's convention (ru: ";" and a decimal comma; en: "," and "."), UTF-8 with a BOM, one
// file name rule with the day, one period format, and an XLSX whose cells Excel reads as numbers,
// dates and money (read back with exceljs).
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  buildExport,
  cellOf,
  exportFileName,
  headerOf,
  rowsPages,
  toCsv,
} from '../src/components/export/index.ts';
import type { ExportColumn } from '../src/components/export/index.ts';

const CATALOGUE: Record<string, string> = {
  'h.id': 'ID',
  'h.name': 'Name',
  'h.amount': 'Amount',
  'h.amountUsd': 'Amount, USD',
  'h.vat': 'VAT',
  'h.date': 'Date',
  'h.created': 'Created',
  'h.period': 'Period',
  'h.status': 'Status',
  'statuses.paid': 'Paid',
};
const t = ((key: string) => CATALOGUE[key] ?? key) as never;

interface Row {
  id: number;
  name: string;
  amount: string;
  currency: string;
  amountUsd: string;
  vat: string;
  invoiceDate: string;
  createdAt: string;
  period: number;
  year: number;
  status: string;
}

const COLUMNS: ExportColumn<Row>[] = [
  { field: 'id', header: 'h.id' },
  { field: 'name', header: 'h.name' },
  { field: 'amount', header: 'h.amount', kind: 'money', currency: (row) => row.currency },
  { field: 'amountUsd', header: 'h.amountUsd', kind: 'money', currency: 'USD' },
  { field: 'vat', header: 'h.vat', format: (row) => `${row.vat} %` },
  { field: 'invoiceDate', header: 'h.date', format: () => '24 Nov 2026' },
  { field: 'createdAt', header: 'h.created' },
  { field: 'period', header: 'h.period', format: () => 'November 2026' },
  { field: 'status', header: 'h.status', kind: 'status' },
];

const ROW: Row = {
  id: 1042,
  name: 'Acme; "Ltd", Berlin',
  amount: '1234567.50',
  currency: 'EUR',
  amountUsd: '12345678901234.89',
  vat: '21.00',
  invoiceDate: '2026-11-03',
  createdAt: new Date(2026, 10, 3, 14, 5, 9).toISOString(),
  period: 11,
  year: 2026,
  status: 'paid',
};

describe('cells are typed, whatever the screen shows', () => {
  it('ids are numbers, money the exact decimal with its currency, VAT a percentage, dates dates, the period year and month', () => {
    const cells = COLUMNS.map((column) => cellOf(column, ROW, t));
    expect(cells).toEqual([
      { type: 'integer', value: 1042 },
      { type: 'text', value: 'Acme; "Ltd", Berlin' },
      { type: 'money', value: '1234567.50', currency: 'EUR' },
      { type: 'money', value: '12345678901234.89', currency: 'USD' },
      { type: 'percent', value: '21.00' },
      { type: 'date', value: '2026-11-03' },
      { type: 'datetime', value: '2026-11-03T14:05:09' },
      { type: 'period', value: '2026-11' },
      { type: 'text', value: 'Paid' },
    ]);
    // A period given as text is the same period.
    expect(cellOf({ field: 'period', header: 'h.period' }, { period: '2026-11' }, t)).toEqual({
      type: 'period',
      value: '2026-11',
    });
  });

  it('an empty value is an empty cell', () => {
    expect(cellOf(COLUMNS[2]!, { ...ROW, amount: null as never }, t)).toBeNull();
  });
});

describe('headers name a fixed currency once', () => {
  it('"Amount, USD" stays as it is; a plain header gets its currency', () => {
    expect(headerOf(COLUMNS[3]!, t)).toBe('Amount, USD');
    expect(headerOf({ field: 'amount', header: 'h.amount', currency: 'USD' }, t)).toBe(
      'Amount, USD',
    );
    expect(headerOf(COLUMNS[2]!, t)).toBe('Amount');
  });
});

describe('CSV follows the reader’s locale', () => {
  it('ru: ";" between cells, a decimal comma, dates dd.mm.yyyy, UTF-8 with a BOM', () => {
    expect(toCsv(COLUMNS, [ROW], t, 'ru')).toBe(
      '\uFEFFID;Name;Amount;Amount, USD;VAT;Date;Created;Period;Status\r\n' +
        '1042;"Acme; ""Ltd"", Berlin";1234567,50;12345678901234,89;21,00%;03.11.2026;03.11.2026 14:05;2026-11;Paid\r\n',
    );
  });

  it('en: "," between cells, a decimal point, ISO dates', () => {
    expect(toCsv(COLUMNS, [ROW], t, 'en')).toBe(
      '\uFEFFID,Name,Amount,"Amount, USD",VAT,Date,Created,Period,Status\r\n' +
        '1042,"Acme; ""Ltd"", Berlin",1234567.50,12345678901234.89,21.00%,2026-11-03,2026-11-03 14:05,2026-11,Paid\r\n',
    );
  });
});

describe('one file name rule', () => {
  it('"<title> <yyyy-mm-dd>.<ext>", with characters a file name may not hold replaced', () => {
    const day = new Date(2026, 10, 24, 23, 59);
    expect(exportFileName('Счета поставщиков', 'xlsx', day)).toBe(
      'Счета поставщиков 2026-11-24.xlsx',
    );
    expect(exportFileName('Invoices', 'csv', day)).toBe('Invoices 2026-11-24.csv');
    expect(exportFileName('A/B: "C"', 'csv', day)).toBe('A B C 2026-11-24.csv');
  });
});

describe('the XLSX file as Excel reads it', () => {
  it('numbers, money with its currency format, percentages and dates are typed cells', async () => {
    const result = await buildExport({
      format: 'xlsx',
      title: 'Invoices',
      columns: COLUMNS,
      loadPage: rowsPages([ROW]),
      t,
      language: 'ru',
      today: new Date(2026, 10, 24),
    });
    expect(result.fileName).toBe('Invoices 2026-11-24.xlsx');
    expect(result.count).toBe(1);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await result.blob.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'ID',
      'Name',
      'Amount',
      'Amount, USD',
      'VAT',
      'Date',
      'Created',
      'Period',
      'Status',
    ]);
    const cell = (column: number) => sheet.getRow(2).getCell(column);
    expect(cell(1).value).toBe(1042);
    expect(cell(3).value).toBe(1234567.5);
    expect(cell(3).numFmt).toBe('#,##0.00 "EUR"');
    expect(cell(4).value).toBe(12345678901234.89);
    expect(cell(4).numFmt).toBe('#,##0.00 "USD"');
    expect(cell(5).value).toBeCloseTo(0.21, 10);
    expect(cell(5).numFmt).toBe('0.00%');
    expect(cell(6).value).toEqual(new Date(Date.UTC(2026, 10, 3)));
    expect(cell(6).numFmt).toBe('dd.mm.yyyy');
    expect(cell(7).value).toEqual(new Date(Date.UTC(2026, 10, 3, 14, 5, 9)));
    expect(cell(8).value).toEqual(new Date(Date.UTC(2026, 10, 1)));
    expect(cell(8).numFmt).toBe('yyyy-mm');
    expect(cell(9).value).toBe('Paid');
  });

  it('streams the rows page by page, reporting progress, up to the limit', async () => {
    const seen: number[] = [];
    const rows = Array.from({ length: 1_200 }, (_, index) => ({ ...ROW, id: index + 1 }));
    const result = await buildExport({
      format: 'csv',
      title: 'Invoices',
      columns: COLUMNS,
      loadPage: rowsPages(rows),
      t,
      language: 'en',
      limit: 1_000,
      onProgress: (loaded) => seen.push(loaded),
    });
    expect(seen).toEqual([500, 1_000]);
    expect(result).toMatchObject({ count: 1_000, more: true });
    const text = await result.blob.text();
    expect(text.split('\r\n').filter(Boolean)).toHaveLength(1_001);
  });
});
