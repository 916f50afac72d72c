import { parseCamt053 } from './camt053.ts';
import { checkMapping, parseCsv, type CsvMapping } from './csv.ts';
import { parseMt940 } from './mt940.ts';
import type { ParsedStatement, StatementFormat } from './statement.ts';

export interface ParseOptions {
  /** The CSV column mapping (the one sent, else the account's saved one). */
  mapping?: unknown;
  /** The bank account's currency (a CSV file does not say it). */
  currency: string;
  statementId?: string | undefined;
  openingBalance?: string | undefined;
  closingBalance?: string | undefined;
}

/** A statement file read in its format; for CSV also the mapping used, to be saved. */
export function parseStatement(
  format: StatementFormat,
  content: string,
  options: ParseOptions,
): { statement: ParsedStatement; mapping?: CsvMapping } {
  if (format === 'camt053') return { statement: parseCamt053(content) };
  if (format === 'mt940') return { statement: parseMt940(content) };
  const mapping = checkMapping(options.mapping);
  return {
    statement: parseCsv(content, mapping, {
      currency: options.currency,
      statementId: options.statementId,
      openingBalance: options.openingBalance,
      closingBalance: options.closingBalance,
    }),
    mapping,
  };
}
