// The bills screens' own rules, without a browser: the list filter sent to the API (SPEC §2
// filters; the unpaid view as home counts it), days overdue, the wizard's exact running total and
// the payment dialog's remaining amount after a payment (SPEC §5), all without floats.
import { describe, expect, it } from 'vitest';
import { costsTotal } from '../src/features/bills/costs-total.ts';
import {
  BILLS_TABLE,
  billsFilter,
  unpaidTotalVariables,
  type BillsFilters,
} from '../src/features/bills/filters.ts';
import { daysOverdue } from '../src/features/bills/overdue.ts';
import { dayStart, remainingAfter } from '../src/components/PaymentDialog.tsx';
import { readTableState } from '../src/components/DataTable/table-state.ts';

const filtersOf = (query: string): BillsFilters =>
  readTableState(new URLSearchParams(query), BILLS_TABLE).filters;

describe('bills table filters', () => {
  it('a plain list shows the bills not archived', () => {
    expect(billsFilter(filtersOf(''))).toEqual({ and: [{ isDeleted: { equalTo: false } }] });
  });

  it("the unpaid view is what home counts: the database's outstanding above 0, not archived", () => {
    expect(billsFilter(filtersOf('unpaid=1'))).toEqual({
      and: [{ isDeleted: { equalTo: false } }, { outstanding: { greaterThan: '0' } }],
    });
  });

  it('records, period, status, currency, due dates and amounts from the URL become the API filter', () => {
    const client = '0b0b0b0b-0000-4000-8000-000000000001';
    const filter = billsFilter(
      filtersOf(
        `client=${client}~Alfa&year=2026&month=3&status=validated&currency=eur&dueFrom=2026-03-01&dueTo=2026-03-31&amountFrom=100.5&amountTo=2000&archived=all`,
      ),
    );
    expect(filter.and).toEqual([
      { year: { equalTo: 2026 } },
      { period: { equalTo: 3 } },
      { clientId: { equalTo: client } },
      { status: { equalTo: 'validated' } },
      { currency: { equalTo: 'EUR' } },
      { dueDate: { greaterThanOrEqualTo: '2026-03-01' } },
      { dueDate: { lessThanOrEqualTo: '2026-03-31' } },
      { amountWVat: { greaterThanOrEqualTo: '100.5' } },
      { amountWVat: { lessThanOrEqualTo: '2000' } },
    ]);
  });

  it('values that cannot be read fall back to no filter', () => {
    const filters = filtersOf('month=13&status=lost&amountFrom=1e3&year=26&archived=maybe');
    expect(filters).toMatchObject({
      month: '',
      status: '',
      amountFrom: '',
      year: '',
      archived: '',
    });
  });
});

describe("the unpaid view's total", () => {
  it('without filters (live or with archived bills, which owe nothing) asks for the kept total', () => {
    expect(unpaidTotalVariables(filtersOf('unpaid=1')).whole).toBe(true);
    expect(unpaidTotalVariables(filtersOf('unpaid=1&archived=all')).whole).toBe(true);
  });

  it('any filter that narrows the bills, or archived bills only, sums the bills the filter selects', () => {
    const client = '0b0b0b0b-0000-4000-8000-000000000001';
    for (const query of [
      'archived=only',
      'search=retainer',
      'year=2026',
      'month=3',
      `client=${client}~Alfa`,
      `subsidiary=${client}~Alfa`,
      `project=${client}~Alfa`,
      `service=${client}~Alfa`,
      'status=validated',
      'currency=eur',
      'dueFrom=2026-03-01',
      'dueTo=2026-03-31',
      'amountFrom=100',
      'amountTo=2000',
    ]) {
      const variables = unpaidTotalVariables(filtersOf(`unpaid=1&${query}`));
      expect(variables.whole, query).toBe(false);
      expect(variables.filter).toEqual(billsFilter(filtersOf(`unpaid=1&${query}`)));
    }
  });

  it('outside the unpaid view it is never the kept total', () => {
    expect(unpaidTotalVariables(filtersOf('')).whole).toBe(false);
  });
});

describe('days overdue', () => {
  const today = new Date(2026, 10, 22);
  it('counts whole days after the due date, none before it or without one', () => {
    expect(daysOverdue('2026-11-12', today)).toBe(10);
    expect(daysOverdue('2026-11-22', today)).toBe(0);
    expect(daysOverdue('2026-12-01', today)).toBe(0);
    expect(daysOverdue(null, today)).toBe(0);
  });
});

describe('money without floats', () => {
  it('the running total of chosen costs is exact', () => {
    const cost = (id: number, amount: string) => ({
      id,
      amount,
      amountWVat: amount,
      amountUsdWVat: amount,
    });
    // 0.1 + 0.2 as floats is 0.30000000000000004.
    expect(costsTotal([cost(1, '0.10'), cost(2, '0.20')]).amount).toBe('0.30');
    expect(costsTotal([cost(1, '333.37'), cost(2, '333.37'), cost(3, '333.36')]).amount).toBe(
      '1000.10',
    );
    expect(costsTotal([]).amountWVat).toBe('0.00');
  });

  it('the remaining amount after a payment: 1000.10 − 333.37 − 333.37 leaves 333.36', () => {
    expect(remainingAfter('1000.10', '333.37')).toBe('666.73');
    expect(remainingAfter('666.73', '333.37')).toBe('333.36');
    expect(remainingAfter('333.36', '400')).toBe('-66.64');
    expect(remainingAfter('333.36', '12,5')).toBeUndefined();
  });

  it('a payment date is the start of the chosen day in the user time zone', () => {
    expect(new Date(dayStart('2026-11-22')).getDate()).toBe(22);
    expect(new Date(dayStart('2026-11-22')).getHours()).toBe(0);
  });
});
