// Money is exact: decimal strings are summed and formatted without floats.
import { describe, expect, it } from 'vitest';
import { selectionSummary } from '../src/components/DataTable/selection-summary.ts';
import { formatMoney, sumDecimals } from '../src/components/format.ts';

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
});
