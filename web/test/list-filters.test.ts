// The costs and bills lists' filters, and the links into lists (issue 26: one set of codecs,
// "archived" written one way, links typed by each list's own config).
import { describe, expect, it } from 'vitest';
import { readTableState, tableLink } from '../src/components/DataTable/table-state.ts';
import { BILLS_TABLE, billsFilter, type BillsFilters } from '../src/features/bills/filters.ts';
import { COSTS_TABLE, costFilter, type CostFilters } from '../src/features/costs/costs-list.ts';
import { agingLink, homeLinks } from '../src/features/home/links.ts';

const read = <F>(config: Parameters<typeof readTableState<F, string>>[1], query: string) =>
  readTableState(new URLSearchParams(query), config).filters;
const costs = (query: string) => read<CostFilters>(COSTS_TABLE, query);
const bills = (query: string) => read<BillsFilters>(BILLS_TABLE, query);
const author = { id: '8d704b6b-2461-41ee-a9c3-72e56cbe348f', label: 'Anna Berg' };

describe('costs filters', () => {
  it("my rejected costs: the author filter reaches the server (home's link listed everyone's)", () => {
    const filters = costs(homeLinks.myRejectedCosts(author).split('?')[1]!);
    expect(filters.createdBy).toEqual(author);
    expect(costFilter(filters).and).toEqual([
      { isDeleted: { equalTo: false } },
      { status: { equalTo: 'rejected' } },
      { createdBy: { equalTo: author.id } },
    ]);
  });
  it('the search looks in the name, description, invoice number and supplier; a number also by id', () => {
    const text = { includesInsensitive: 'acme' };
    expect(costFilter({ ...costs(''), search: ' acme ' }).and?.[1]).toEqual({
      or: [
        { name: text },
        { description: text },
        { invoice: { invoiceRef: text } },
        { invoice: { supplier: { legalName: text } } },
        { invoice: { supplier: { shortName: text } } },
      ],
    });
    const or = costFilter({ ...costs(''), search: '42' }).and?.[1]?.or ?? [];
    expect(or.slice(-2)).toEqual([{ id: { equalTo: 42 } }, { invoiceId: { equalTo: 42 } }]);
  });
  it('archived is written one way (only, all); the older word still reads', () => {
    expect(costs('archived=archived').archived).toBe('only');
    expect(costFilter(costs('archived=only')).and).toEqual([{ isDeleted: { equalTo: true } }]);
    expect(costFilter(costs('archived=all')).and).toEqual([]);
    expect(tableLink('/costs', COSTS_TABLE, { archived: 'only' })).toBe('/costs?archived=only');
  });
});

describe('bills filters', () => {
  it('the unpaid view is what the database calls outstanding', () => {
    expect(billsFilter(bills('unpaid=1')).and).toEqual([
      { isDeleted: { equalTo: false } },
      { outstanding: { greaterThan: '0' } },
    ]);
  });
  it('archived: the older words (live, archived) still read, and are written as none and only', () => {
    expect(bills('archived=live').archived).toBe('');
    expect(bills('archived=archived').archived).toBe('only');
    expect(tableLink('/bills', BILLS_TABLE, { archived: 'only' })).toBe('/bills?archived=only');
  });
});

describe('links into lists', () => {
  const today = new Date(2026, 10, 24);
  it('overdue bills and aging cells are written by the lists’ own configs', () => {
    expect(homeLinks.overdueBills(today)).toBe('/bills?unpaid=1&dueTo=2026-11-23');
    expect(
      agingLink('payables', 'days1to30', today, { id: author.id, label: 'Northwind NL' }),
    ).toBe(
      `/invoices?subsidiary=${author.id}%7ENorthwind+NL&dueFrom=2026-10-25&dueTo=2026-11-23&unpaid=1`,
    );
  });
});
