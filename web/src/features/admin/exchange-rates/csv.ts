import Decimal from 'decimal.js';
import { numberMarks } from '../../../components/format.ts';

export interface RateRow {
  currency: string;
  rateDate: string;
  usdPerUnit: string;
}

/**
 * Rows of an exchange-rate CSV: currency, date (YYYY-MM-DD), US dollars per unit. Commas,
 * semicolons or tabs separate the fields; with semicolons or tabs a decimal comma is allowed
 * ("1,0834", as a Russian spreadsheet writes it). A first line whose rate is not a number is a
 * header. The database checks every row (check_exchange_rates) before anything is written.
 */
export function parseRatesCsv(text: string): RateRow[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const rows = lines.map((line) => {
    const separator = line.includes('\t') ? '\t' : line.includes(';') ? ';' : ',';
    const [currency = '', rateDate = '', rate = ''] = line
      .split(separator)
      .map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
    const usdPerUnit = separator === ',' ? rate : rate.replace(',', '.');
    return { currency: currency.toUpperCase(), rateDate, usdPerUnit };
  });
  if (rows.length && !/^[\d.,]+$/.test(rows[0]!.usdPerUnit)) rows.shift();
  return rows;
}

/** A rate as exact text in the locale's format, without trailing zeros. */
export function formatRate(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const text = new Decimal(value).toFixed();
  return text.replace('.', numberMarks(language).decimal);
}
