// Clients, suppliers and projects as files (issue 29): the export's header is the database's
// column names, so the same file imports back (import_reference_data checks every row).
import { saveFile } from '../../../components/save-file.ts';

export type ReferenceKind = 'clients' | 'suppliers' | 'projects';
export type ReferenceRow = Record<string, string>;

/** The columns of each kind, in file order (database column names). */
export const REFERENCE_COLUMNS: Record<ReferenceKind, string[]> = {
  clients: [
    'legal_name',
    'short_name',
    'country',
    'tax_id',
    'tax_reason_code',
    'registration_number',
    'legal_form',
    'registered_address',
    'primary_activity_code',
    'org_status',
    'ceo_full_name',
    'ceo_position',
  ],
  suppliers: ['legal_name', 'short_name', 'country', 'tax_id'],
  projects: ['name', 'access_key'],
};

/** legal_name → legalName: the GraphQL field of a column. */
export const fieldOf = (column: string) =>
  column.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

const quote = (text: string, separator: string) =>
  text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;

/** A CSV in the locale's convention (ru: semicolons), UTF-8 with a byte-order mark. */
export function referenceCsv(kind: ReferenceKind, rows: ReferenceRow[], language: string): string {
  const separator = language === 'ru' ? ';' : ',';
  const columns = REFERENCE_COLUMNS[kind];
  const lines = [
    columns.join(separator),
    ...rows.map((row) => columns.map((c) => quote(row[c] ?? '', separator)).join(separator)),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function saveReferenceFile(
  kind: ReferenceKind,
  rows: ReferenceRow[],
  format: 'csv' | 'xlsx',
  language: string,
): Promise<void> {
  if (format === 'csv') {
    saveFile(
      new Blob([referenceCsv(kind, rows, language)], { type: 'text/csv;charset=utf-8' }),
      `${kind}.csv`,
    );
    return;
  }
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(kind);
  // Text cells: a tax id keeps its leading zeros.
  sheet.columns = REFERENCE_COLUMNS[kind].map((column) => ({
    header: column,
    key: column,
    width: Math.max(14, column.length + 2),
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(REFERENCE_COLUMNS[kind].map((c) => row[c] ?? ''));
  const buffer = await workbook.xlsx.writeBuffer();
  saveFile(
    new Blob([buffer], {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    }),
    `${kind}.xlsx`,
  );
}

/** CSV fields (quotes, doubled quotes, separators and line breaks inside quotes). */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const separator = firstLine.includes('\t') ? '\t' : firstLine.includes(';') ? ';' : ',';
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  return records.filter((r) => r.some((cell) => cell.trim() !== ''));
}

/** The rows of an XLSX or CSV file, keyed by the header's column names (unknown ones dropped). */
export async function readReferenceFile(kind: ReferenceKind, file: File): Promise<ReferenceRow[]> {
  let records: string[][];
  if (/\.xlsx$/i.test(file.name)) {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.worksheets[0];
    records = [];
    sheet?.eachRow((row) => {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      records.push(values.map((value) => (value == null ? '' : String(value))));
    });
  } else {
    records = parseCsv(await file.text());
  }
  const [header = [], ...data] = records;
  const names = header.map((cell) => cell.trim().toLowerCase());
  const known = new Set(REFERENCE_COLUMNS[kind]);
  return data.map((cells) =>
    Object.fromEntries(
      names.flatMap((name, i) => (known.has(name) ? [[name, (cells[i] ?? '').trim()]] : [])),
    ),
  );
}
