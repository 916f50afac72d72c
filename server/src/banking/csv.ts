import { parse } from 'csv-parse/sync';
import { AppError } from '../errors.ts';
import {
  fromCents,
  isoDate,
  parseError,
  toCents,
  type ParsedLine,
  type ParsedStatement,
} from './statement.ts';

/** How a bank's CSV export is read: which header names the columns, and the number and date styles. */
export interface CsvMapping {
  delimiter?: string;
  decimalSeparator?: '.' | ',';
  dateFormat?: 'YYYY-MM-DD' | 'DD.MM.YYYY' | 'DD/MM/YYYY' | 'MM/DD/YYYY';
  bookingDate: string;
  valueDate?: string;
  /** One signed amount column, or separate debit and credit columns. */
  amount?: string;
  debit?: string;
  credit?: string;
  counterpartyName?: string;
  counterpartyIban?: string;
  remittance?: string;
  reference?: string;
  /** The balance after each line: gives the opening and closing balances. */
  balance?: string;
}

const DATE_FORMATS = ['YYYY-MM-DD', 'DD.MM.YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY'];
const COLUMN_KEYS = [
  'bookingDate',
  'valueDate',
  'amount',
  'debit',
  'credit',
  'counterpartyName',
  'counterpartyIban',
  'remittance',
  'reference',
  'balance',
] as const;

const mappingError = (message: string) => new AppError('CsvMappingInvalid', message);

/** A mapping as sent by a client: checked, with only the known keys kept. */
export function checkMapping(value: unknown): CsvMapping {
  if (!value || typeof value !== 'object')
    throw mappingError(
      'A CSV statement needs a column mapping (at least the date and the amount).',
    );
  const raw = value as Record<string, unknown>;
  const mapping: Record<string, string> = {};
  for (const key of COLUMN_KEYS) {
    const column = raw[key];
    if (typeof column === 'string' && column.trim()) mapping[key] = column.trim();
  }
  if (!mapping.bookingDate) throw mappingError('The CSV mapping needs the column of the date.');
  if (!mapping.amount && !(mapping.debit && mapping.credit))
    throw mappingError('The CSV mapping needs an amount column, or a debit and a credit column.');
  const delimiter = typeof raw.delimiter === 'string' && raw.delimiter ? raw.delimiter : ',';
  if (![',', ';', '\t', '|'].includes(delimiter))
    throw mappingError('The CSV delimiter must be a comma, a semicolon, a tab or a bar.');
  const decimalSeparator = raw.decimalSeparator === ',' ? ',' : '.';
  const dateFormat = typeof raw.dateFormat === 'string' ? raw.dateFormat : 'YYYY-MM-DD';
  if (!DATE_FORMATS.includes(dateFormat))
    throw mappingError(`The CSV date format must be one of ${DATE_FORMATS.join(', ')}.`);
  return {
    ...(mapping as unknown as CsvMapping),
    delimiter,
    decimalSeparator,
    dateFormat: dateFormat as CsvMapping['dateFormat'],
  };
}

function dateIn(
  text: string | undefined,
  format: CsvMapping['dateFormat'],
  line: number,
  what: string,
) {
  const value = (text ?? '').trim();
  const parts = value.split(/[./-]/);
  let iso = value;
  if (format !== 'YYYY-MM-DD' && parts.length === 3) {
    const [a, b, c] = parts as [string, string, string];
    iso =
      format === 'MM/DD/YYYY'
        ? `${c}-${a.padStart(2, '0')}-${b.padStart(2, '0')}`
        : `${c}-${b.padStart(2, '0')}-${a.padStart(2, '0')}`;
  }
  try {
    return isoDate(iso, line, what);
  } catch {
    throw parseError(line, `${what} "${value}" is not a date in the form ${format}.`);
  }
}

function centsIn(text: string | undefined, separator: '.' | ',', line: number, what: string) {
  let value = (text ?? '').replace(/[\s\u00a0']/g, '');
  value = separator === ',' ? value.replace(/\./g, '').replace(',', '.') : value.replace(/,/g, '');
  const cents = toCents(value);
  if (cents === undefined) throw parseError(line, `${what} "${text ?? ''}" is not an amount.`);
  return cents;
}

export interface CsvStatementFields {
  statementId?: string | undefined;
  currency: string;
  openingBalance?: string | undefined;
  closingBalance?: string | undefined;
}

/**
 * A CSV statement with a header row, read with the account's mapping. The balances come from the
 * balance column when there is one, else from the import form; the statement id from the form, or
 * the period of the lines.
 */
export function parseCsv(
  content: string,
  mapping: CsvMapping,
  fields: CsvStatementFields,
): ParsedStatement {
  let rows: { record: Record<string, string>; info: { lines: number } }[];
  try {
    rows = parse(content, {
      bom: true,
      columns: true,
      delimiter: mapping.delimiter ?? ',',
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as typeof rows;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw parseError(line, `not a valid CSV file: ${(error as Error).message}`);
  }
  if (rows.length > 0) {
    const header = Object.keys(rows[0]!.record);
    for (const key of COLUMN_KEYS) {
      const column = mapping[key];
      if (column && !header.includes(column))
        throw parseError(1, `the header has no column "${column}" (mapped as ${key}).`);
    }
  }
  const separator = mapping.decimalSeparator ?? '.';
  let firstBalance: bigint | undefined;
  let lastBalance: bigint | undefined;
  const lines: ParsedLine[] = rows.map(({ record, info }) => {
    const line = info.lines;
    const cell = (key: (typeof COLUMN_KEYS)[number]) => {
      const column = mapping[key];
      return column ? record[column] : undefined;
    };
    let cents: bigint;
    if (mapping.amount) cents = centsIn(cell('amount'), separator, line, 'The amount');
    else {
      const debit = cell('debit')?.trim()
        ? centsIn(cell('debit'), separator, line, 'The debit')
        : 0n;
      const credit = cell('credit')?.trim()
        ? centsIn(cell('credit'), separator, line, 'The credit')
        : 0n;
      cents = credit - (debit < 0n ? -debit : debit);
    }
    if (cents === 0n) throw parseError(line, 'the amount is zero.');
    if (mapping.balance) {
      const balance = centsIn(cell('balance'), separator, line, 'The balance');
      firstBalance ??= balance - cents;
      lastBalance = balance;
    }
    const bookingDate = dateIn(cell('bookingDate'), mapping.dateFormat, line, 'The date');
    return {
      line,
      bookingDate,
      valueDate: cell('valueDate')?.trim()
        ? dateIn(cell('valueDate'), mapping.dateFormat, line, 'The value date')
        : bookingDate,
      amount: fromCents(cents),
      counterpartyName: cell('counterpartyName') || undefined,
      counterpartyIban: cell('counterpartyIban') || undefined,
      remittance: cell('remittance') || undefined,
      reference: cell('reference') || undefined,
    };
  });
  const dates = lines.map((l) => l.bookingDate).sort();
  const given = (value: string | undefined, what: string) => {
    if (value === undefined || value.trim() === '') return null;
    const cents = toCents(value.replace(',', '.'));
    if (cents === undefined)
      throw parseError(undefined, `the ${what} "${value}" is not an amount.`);
    return fromCents(cents);
  };
  return {
    statementId: fields.statementId?.trim() || `CSV ${dates[0] ?? ''}..${dates.at(-1) ?? ''}`,
    currency: fields.currency,
    openingBalance:
      given(fields.openingBalance, 'opening balance') ??
      (firstBalance === undefined ? null : fromCents(firstBalance)),
    closingBalance:
      given(fields.closingBalance, 'closing balance') ??
      (lastBalance === undefined ? null : fromCents(lastBalance)),
    fromDate: dates[0],
    toDate: dates.at(-1),
    lines,
  };
}
