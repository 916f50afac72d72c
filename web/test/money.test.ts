// Money is exact: decimal strings are summed and formatted without floats.
import { describe, expect, it } from 'vitest';
import { selectionSummary } from '../src/components/DataTable/selection-summary.ts';
import { formatRate } from '../src/features/admin/exchange-rates/csv.ts';
import {
  dateFormat,
  formatDate,
  formatDateTime,
  formatMoney,
  formatRowCount,
  numberFormat,
  sumDecimals,
} from '../src/components/format.ts';

describe('money', () => {
  it('sums decimals exactly (0.1 + 0.2 is 0.30)', () => {
    expect(sumDecimals(['0.10', '0.20'])).toBe('0.30');
    expect(sumDecimals(['9999999999999999.99', '0.01'])).toBe('10000000000000000.00');
  });

  it('the selection summary gives sum, VAT and total', () => {
    const rows = [
      { amount: '100.10', total: '120.12' },
      { amount: '0.05', total: '0.06' },
    ];
    expect(selectionSummary(rows, 'amount', 'total')).toEqual({
      count: 2,
      amount: '100.15',
      vat: '20.03',
      total: '120.18',
    });
  });

  it('formats with the language grouping and decimal mark, keeping every digit', () => {
    expect(formatMoney('1234567.89', 'en', 'EUR')).toBe('1,234,567.89 EUR');
    expect(formatMoney('12345678901234567.89', 'en')).toBe('12,345,678,901,234,567.89');
    expect(formatMoney('-5', 'en')).toBe('-5.00');
    expect(formatMoney('1234.5', 'ru')).toMatch(/^1\s234,50$/);
  });

  it('each language keeps its own formatters: alternating languages never mixes their formats', () => {
    const moreThan = (_key: string, options: { count: string }) => `> ${options.count}`;
    for (let round = 0; round < 2; round++) {
      expect(formatMoney('1234.5', 'ru', 'USD')).toMatch(/^1\s234,50 USD$/);
      expect(formatMoney('1234.5', 'en', 'USD')).toBe('1,234.50 USD');
      expect(formatDate('2026-11-13', 'ru')).toBe('13.11.2026');
      expect(formatDate('2026-11-13', 'en')).toBe('11/13/2026');
      expect(formatDateTime('2026-01-31T09:30:00Z', 'ru')).toMatch(/2026/);
      expect(formatDateTime('2026-01-31T09:30:00Z', 'en')).toMatch(/^Jan 31, 2026/);
      expect(formatRowCount(5000, 'ru', moreThan)).toMatch(/^> 1\s000$/);
      expect(formatRowCount(5000, 'en', moreThan)).toBe('> 1,000');
    }
  });

  it('a formatter is built once per language and options, and options tell formatters apart', () => {
    expect(numberFormat('ru')).toBe(numberFormat('ru'));
    expect(numberFormat('ru')).not.toBe(numberFormat('en'));
    expect(numberFormat('en', { notation: 'compact' })).not.toBe(numberFormat('en'));
    expect(dateFormat('en', { month: 'short' })).toBe(dateFormat('en', { month: 'short' }));
    expect(dateFormat('en', { month: 'short' }).format(new Date(2026, 10, 1))).toBe('Nov');
  });

  it('an exchange rate keeps every digit, without trailing zeros, with the language decimal mark', () => {
    expect(formatRate('0.0123456789', 'ru')).toBe('0,0123456789');
    expect(formatRate('1.50', 'en')).toBe('1.5');
    expect(formatRate(null, 'ru')).toBe('');
  });
});
