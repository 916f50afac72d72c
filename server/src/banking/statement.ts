import { AppError } from '../errors.ts';

/** A statement as the parsers hand it to the database (app_hidden.import_bank_statement). */
export interface ParsedLine {
  /** The line of the file the entry starts on (1-based), for error messages. */
  line: number;
  bookingDate: string;
  valueDate: string;
  /** Signed decimal string: negative is money going out. */
  amount: string;
  counterpartyName?: string | undefined;
  counterpartyIban?: string | undefined;
  remittance?: string | undefined;
  reference?: string | undefined;
}

export interface ParsedStatement {
  statementId: string;
  accountIban?: string | undefined;
  currency: string;
  openingBalance: string | null;
  closingBalance: string | null;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  lines: ParsedLine[];
}

export const STATEMENT_FORMATS = ['camt053', 'mt940', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** A file that cannot be read as a statement: the code, and the line of the file at fault. */
export function parseError(line: number | undefined, message: string): AppError {
  return new AppError(
    'StatementParseError',
    line ? `Line ${line}: ${message}` : message,
    line ? { line } : undefined,
  );
}

const DECIMAL = /^[+-]?\d+(\.\d{1,2})?$/;

/** Amount in cents from a decimal string ("-12.5" → -1250n); undefined when not a number. */
export function toCents(text: string): bigint | undefined {
  const value = text.trim();
  if (!DECIMAL.test(value)) return undefined;
  const negative = value.startsWith('-');
  const [whole, fraction = ''] = value.replace(/^[+-]/, '').split('.');
  const cents = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
}

/** A decimal string from cents (-1250n → "-12.50"). */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** A decimal string of a money amount, or the parse error naming the line. */
export function money(text: string | number | undefined, line: number, what: string): string {
  const cents = toCents(String(text ?? ''));
  if (cents === undefined) throw parseError(line, `${what} "${text ?? ''}" is not an amount.`);
  return fromCents(cents);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An ISO date (YYYY-MM-DD) that exists, or the parse error naming the line. */
export function isoDate(text: string | undefined, line: number, what: string): string {
  const value = (text ?? '').trim().slice(0, 10);
  const date = new Date(`${value}T00:00:00Z`);
  if (
    !ISO_DATE.test(value) ||
    Number.isNaN(date.getTime()) ||
    !date.toISOString().startsWith(value)
  )
    throw parseError(line, `${what} "${text ?? ''}" is not a date.`);
  return value;
}

/** The 1-based lines on which a marker occurs in a text, in order (one pass). */
export function occurrenceLines(text: string, marker: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let from = 0;
  for (let index = text.indexOf(marker); index >= 0; index = text.indexOf(marker, index + 1)) {
    for (let i = from; i < index; i++) if (text.charCodeAt(i) === 10) line++;
    from = index;
    lines.push(line);
  }
  return lines;
}
