// The invoices list's filters become the GraphQL filter the server applies (SPEC §2 filters).
import { describe, expect, it } from 'vitest';
import {
  INVOICE_TABLE,
  invoiceFilter,
  type InvoiceFilters,
} from '../src/features/invoices/invoice-filters.ts';

const none = Object.fromEntries(
  Object.entries(INVOICE_TABLE.filters).map(([name, filter]) => [name, filter.initial]),
) as unknown as InvoiceFilters;

describe('invoice filters', () => {
  it('by default only live (not archived) invoices', () => {
    expect(invoiceFilter(none)).toEqual({ and: [{ isDeleted: { equalTo: false } }] });
    expect(invoiceFilter({ ...none, archived: 'all' })).toEqual({ and: [] });
  });
  it("overdue and unpaid are the database's isOverdue and outstanding (one definition)", () => {
    expect(invoiceFilter({ ...none, overdue: true, archived: 'all' })).toEqual({
      and: [{ isOverdue: { equalTo: true } }],
    });
    expect(invoiceFilter({ ...none, unpaid: true, archived: 'all' })).toEqual({
      and: [{ outstanding: { greaterThan: '0' } }],
    });
  });
  it('archived is written one way: only or all; older links still read', () => {
    const read = (raw: string) => INVOICE_TABLE.filters.archived.codec.parse(raw);
    expect([read('only'), read('yes'), read('archived'), read('all'), read('live')]).toEqual([
      'only',
      'only',
      'only',
      'all',
      '',
    ]);
    expect(invoiceFilter({ ...none, archived: 'only' }).and).toEqual([
      { isDeleted: { equalTo: true } },
    ]);
  });
  it('ranges include both ends; amounts stay exact strings', () => {
    const filter = invoiceFilter({
      ...none,
      archived: 'all',
      invoiceFrom: new Date(2026, 0, 1),
      invoiceTo: new Date(2026, 0, 31),
      amountFrom: '0.10',
      amountTo: '99999999999999.99',
    });
    expect(filter.and).toEqual([
      { invoiceDate: { greaterThanOrEqualTo: '2026-01-01' } },
      { invoiceDate: { lessThanOrEqualTo: '2026-01-31' } },
      { amountWVat: { greaterThanOrEqualTo: '0.10' } },
      { amountWVat: { lessThanOrEqualTo: '99999999999999.99' } },
    ]);
  });
  it('a number search also finds by id', () => {
    expect(invoiceFilter({ ...none, archived: 'all', search: '42' }).and).toEqual([
      { or: [{ invoiceRef: { includesInsensitive: '42' } }, { id: { equalTo: 42 } }] },
    ]);
  });
});
