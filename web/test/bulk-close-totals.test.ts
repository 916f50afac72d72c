// A bulk close-as-paid's preview adds up the final payments per currency exactly (decimal strings,
// never floats): docs/invoices.md "Bulk close as paid".
import { describe, expect, it } from 'vitest';
import { totalsByCurrency } from '../src/features/invoices/close-totals.ts';

describe('the final payments of a bulk close-as-paid add up exactly, per currency', () => {
  it('0.10 + 0.20 is 0.30, and large amounts keep their cents', () => {
    expect(
      totalsByCurrency([
        { currency: 'EUR', amount: '0.10' },
        { currency: 'EUR', amount: '0.20' },
        { currency: 'USD', amount: '9007199254740991.01' },
        { currency: 'USD', amount: '0.02' },
      ]),
    ).toEqual([
      { currency: 'EUR', total: '0.30' },
      { currency: 'USD', total: '9007199254740991.03' },
    ]);
  });
});
