import * as yup from 'yup';
import { FilterDialog } from '../../components/DataTable/FilterDialog.tsx';
import { CheckboxInput } from '../../components/form/CheckboxInput.tsx';
import { DateInput } from '../../components/form/DateInput.tsx';
import { MoneyInput } from '../../components/form/MoneyInput.tsx';
import { SelectInput } from '../../components/form/SelectInput.tsx';
import { TextInput } from '../../components/form/TextInput.tsx';
import { dateRule } from '../../components/form/rules.ts';
import { SearchInput } from '../../components/form/SearchInput.tsx';
import {
  ARCHIVED,
  ARCHIVED_LABELS,
  INVOICE_STATUSES,
  INVOICE_TABLE,
  YES_NO,
  type InvoiceFilters,
} from './invoice-filters.ts';

const schema = yup.object({
  invoiceFrom: dateRule(),
  invoiceTo: dateRule(),
  dueFrom: dateRule(),
  dueTo: dateRule(),
});

const choices = (values: readonly string[], prefix: string) =>
  values.map((value) => ({ value, label: `${prefix}${value}` }));

/** Every filter of the invoices list in one form; Apply puts them in the URL at once. */
export function InvoiceFilterDialog(props: {
  open: boolean;
  filters: InvoiceFilters;
  onApply: (filters: InvoiceFilters) => void;
  onClose: () => void;
}) {
  return (
    <FilterDialog<InvoiceFilters>
      {...props}
      config={INVOICE_TABLE}
      schema={schema}
      testId="invoice-filters"
    >
      {(picker) => (
        <>
          <TextInput name="search" label="invoices.filters.search" />
          <SelectInput
            name="status"
            label="resources.fields.status"
            options={[
              { value: '', label: 'filters.any' },
              ...choices(INVOICE_STATUSES, 'statuses.'),
            ]}
          />
          <SearchInput
            name="subsidiary"
            kind="subsidiary"
            label="resources.subsidiaries.name"
            {...picker('subsidiary')}
          />
          <SearchInput
            name="supplier"
            kind="supplier"
            label="resources.suppliers.name"
            {...picker('supplier')}
          />
          <SearchInput
            name="currency"
            kind="currency"
            label="resources.currencies.name"
            selected={
              props.filters.currency
                ? { value: props.filters.currency, label: props.filters.currency }
                : null
            }
          />
          <SelectInput
            name="hasPayments"
            label="resources.fields.has_payments"
            options={[{ value: '', label: 'filters.any' }, ...choices(YES_NO, 'common.')]}
          />
          <DateInput name="invoiceFrom" label="invoices.filters.invoiceFrom" />
          <DateInput name="invoiceTo" label="invoices.filters.invoiceTo" />
          <DateInput name="dueFrom" label="invoices.filters.dueFrom" />
          <DateInput name="dueTo" label="invoices.filters.dueTo" />
          <MoneyInput name="amountFrom" label="invoices.filters.amountFrom" />
          <MoneyInput name="amountTo" label="invoices.filters.amountTo" />
          <SelectInput
            name="archived"
            label="archive.showArchived"
            options={[
              { value: '', label: 'invoices.filters.archivedNo' },
              ...ARCHIVED.map((value) => ({ value, label: ARCHIVED_LABELS[value] })),
            ]}
          />
          <CheckboxInput name="overdue" label="invoices.filters.overdue" />
        </>
      )}
    </FilterDialog>
  );
}
