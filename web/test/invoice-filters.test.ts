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
const today = new Date(2026, 10, 22);

describe('invoice filters', () => {
  it('by default only live (not archived) invoices', () => {
    expect(invoiceFilter(none, today)).toEqual({ and: [{ isDeleted: { equalTo: false } }] });
    expect(invoiceFilter({ ...none, archived: 'all' }, today)).toEqual({ and: [] });
  });
  it('overdue: due date before today and not paid', () => {
    expect(invoiceFilter({ ...none, overdue: true, archived: 'all' }, today)).toEqual({
      and: [{ dueDate: { lessThan: '2026-11-22' } }, { paymentStatus: { notEqualTo: 'paid' } }],
    });
  });
  it('ranges include both ends; amounts stay exact strings', () => {
    const filter = invoiceFilter(
      {
        ...none,
        archived: 'all',
        invoiceFrom: new Date(2026, 0, 1),
        invoiceTo: new Date(2026, 0, 31),
        amountFrom: '0.10',
        amountTo: '99999999999999.99',
      },
      today,
    );
    expect(filter.and).toEqual([
      { invoiceDate: { greaterThanOrEqualTo: '2026-01-01' } },
      { invoiceDate: { lessThanOrEqualTo: '2026-01-31' } },
      { amountWVat: { greaterThanOrEqualTo: '0.10' } },
      { amountWVat: { lessThanOrEqualTo: '99999999999999.99' } },
    ]);
  });
  it('a number search also finds by id', () => {
    expect(invoiceFilter({ ...none, archived: 'all', search: '42' }, today).and).toEqual([
      { or: [{ invoiceRef: { includesInsensitive: '42' } }, { id: { equalTo: 42 } }] },
    ]);
  });
});
