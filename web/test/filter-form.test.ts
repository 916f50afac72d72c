// One filter dialog for every list (components/DataTable/FilterDialog.tsx): the form's values
// come from the list's filters through their URL codecs, and go back the same way.
import { describe, expect, it } from 'vitest';
import {
  clearedFilters,
  filterFormValues,
  filtersFromForm,
} from '../src/components/DataTable/filter-form.ts';
import { BILLS_TABLE, type BillsFilters } from '../src/features/bills/filters.ts';
import { INVOICE_TABLE, type InvoiceFilters } from '../src/features/invoices/invoice-filters.ts';

const initial = <F>(config: { filters: Record<string, { initial: unknown }> }) =>
  Object.fromEntries(
    Object.entries(config.filters).map(([name, filter]) => [name, filter.initial]),
  ) as F;
const noInvoiceFilters = initial<InvoiceFilters>(INVOICE_TABLE);
const noBillFilters = initial<BillsFilters>(BILLS_TABLE);
const supplier = { id: '6a1c1f3e-0000-4000-8000-000000000001', label: 'ООО Ромашка' };

describe('filter dialog values', () => {
  it('unchanged values give back the same filters (dates, records, amounts, flags)', () => {
    const filters: InvoiceFilters = {
      ...noInvoiceFilters,
      search: 'INV-7',
      supplier,
      invoiceFrom: new Date(2026, 10, 14),
      amountFrom: '2500.50',
      overdue: true,
      archived: 'all',
    };
    const values = filterFormValues(INVOICE_TABLE, filters);
    expect(values).toMatchObject({
      supplier: supplier.id,
      invoiceFrom: '2026-11-14',
      amountFrom: '2500.50',
      overdue: true,
      archived: 'all',
    });
    expect(filtersFromForm(INVOICE_TABLE, filters, values, {})).toEqual(filters);
  });

  it('a record chosen in the picker is named on its chip by what the picker showed', () => {
    const values = { ...filterFormValues(INVOICE_TABLE, noInvoiceFilters), supplier: supplier.id };
    const next = filtersFromForm(INVOICE_TABLE, noInvoiceFilters, values, {
      supplier: supplier.label,
    });
    expect(next.supplier).toEqual(supplier);
  });

  it('only a complete, valid value is applied: text is trimmed, a half-typed amount or date is not', () => {
    const values = {
      ...filterFormValues(INVOICE_TABLE, noInvoiceFilters),
      search: '  INV-7 ',
      amountTo: '100.',
      dueFrom: '2026-11-1',
    };
    const next = filtersFromForm(INVOICE_TABLE, noInvoiceFilters, values, {});
    expect(next.search).toBe('INV-7');
    expect(next.amountTo).toBe('100');
    expect(next.dueFrom).toBeNull();
  });

  it('"clear all" sets every filter back but keeps the unpaid view of bills', () => {
    const filters: BillsFilters = {
      ...noBillFilters,
      unpaid: true,
      year: '2026',
      client: supplier,
    };
    expect(clearedFilters(BILLS_TABLE, filters, ['unpaid'])).toEqual({
      ...noBillFilters,
      unpaid: true,
    });
  });
});
