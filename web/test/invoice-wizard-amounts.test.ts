// The wizard's running totals follow the database's rule for cost amounts (docs/workflows.md
// "Costs"): per cost round(amount × (1 + VAT/100), 2) and round(amount × rate, 2), half away from
// zero as PostgreSQL rounds, then summed — never floats.
import { describe, expect, it } from 'vitest';
import { invoiceTotals } from '../src/features/invoices/wizard/amounts.ts';

describe('invoice wizard totals', () => {
  it('amount, VAT and total in the invoice currency, exactly (0.1 + 0.2 is 0.30)', () => {
    expect(
      invoiceTotals([
        { amount: '0.10', vat: '20' },
        { amount: '0.20', vat: '20' },
      ]),
    ).toEqual({ amount: '0.30', vat: '0.06', total: '0.36' });
  });

  it('each cost with VAT is rounded half up before the sum, as each cost row stores it', () => {
    // 0.05 × 1.10 = 0.055 → 0.06 for each: 0.12, not round(0.11) = 0.11.
    const totals = invoiceTotals([
      { amount: '0.05', vat: '10' },
      { amount: '0.05', vat: '10' },
    ]);
    expect(totals.total).toBe('0.12');
    expect(totals.vat).toBe('0.02');
  });

  it('USD: each cost rounded at the rate before the sum (the invoice is the sum of its costs)', () => {
    // 0.01 × 0.5 = 0.005 → 0.01 for each cost: 0.02 in USD, where rounding the sum would give 0.01.
    const totals = invoiceTotals(
      [
        { amount: '0.01', vat: '100' },
        { amount: '0.01', vat: '100' },
      ],
      '0.50000000',
    );
    expect(totals.amountUsd).toBe('0.02');
    expect(totals.totalUsd).toBe('0.02');
    expect(totals.vatUsd).toBe('0.00');
  });

  it('matches the database for the e2e invoice (1000.10 at 21 %, 0.15 at 20 %, rate 1.08)', () => {
    expect(
      invoiceTotals(
        [
          { amount: '1000.10', vat: '21' },
          { amount: '0.15', vat: '20' },
        ],
        '1.08000000',
      ),
    ).toEqual({
      amount: '1000.25',
      vat: '210.05',
      total: '1210.30',
      amountUsd: '1080.27',
      vatUsd: '226.85',
      totalUsd: '1307.12',
    });
  });

  it('costs still being typed are left out; without a rate there is no USD figure', () => {
    const totals = invoiceTotals([
      { amount: '100', vat: '' },
      { amount: '', vat: '20' },
      { amount: '50.5', vat: '20' },
    ]);
    expect(totals).toEqual({ amount: '50.50', vat: '10.10', total: '60.60' });
  });
});
