import * as yup from 'yup';
import { FilterDialog } from '../../components/DataTable/FilterDialog.tsx';
import { DateInput } from '../../components/form/DateInput.tsx';
import { MoneyInput } from '../../components/form/MoneyInput.tsx';
import { SelectInput } from '../../components/form/SelectInput.tsx';
import { TextInput } from '../../components/form/TextInput.tsx';
import { dateRule } from '../../components/form/rules.ts';
import { SearchInput } from '../../components/form/SearchInput.tsx';
import {
  ARCHIVED_CHOICES,
  BILL_ARCHIVED_LABELS,
  BILL_STATUSES,
  BILLS_TABLE,
  type BillsFilters,
} from './filters.ts';

const schema = yup.object({
  year: yup.string().matches(/^\d{4}$/, 'bills.filter.yearInvalid'),
  dueFrom: dateRule(),
  dueTo: dateRule(),
});

const RECORDS = ['client', 'subsidiary', 'project', 'service'] as const;

/** Every filter of the bills table in one form; Apply puts them in the URL at once ("Clear
 *  all" keeps the unpaid view). */
export function BillFilterDialog(props: {
  open: boolean;
  filters: BillsFilters;
  onApply: (filters: Partial<BillsFilters>) => void;
  onClose: () => void;
}) {
  return (
    <FilterDialog<BillsFilters>
      {...props}
      config={BILLS_TABLE}
      schema={schema}
      keep={['unpaid']}
      testId="bill-filters"
    >
      {(picker) => (
        <>
          <TextInput name="search" label="bills.filter.search" />
          <SelectInput
            name="status"
            label="bills.filter.status"
            options={[
              { value: '', label: 'filters.any' },
              ...BILL_STATUSES.map((value) => ({ value, label: `statuses.${value}` })),
            ]}
          />
          <TextInput name="year" label="bills.filter.year" />
          <SelectInput
            name="month"
            label="bills.filter.month"
            options={[
              { value: '', label: 'filters.any' },
              ...Array.from({ length: 12 }, (_, i) => ({
                value: String(i + 1),
                label: `bills.months.${i + 1}`,
              })),
            ]}
          />
          {RECORDS.map((name) => (
            <SearchInput
              key={name}
              name={name}
              kind={name}
              label={`bills.filter.${name}`}
              {...picker(name)}
            />
          ))}
          <SearchInput
            name="currency"
            kind="currency"
            label="bills.filter.currency"
            selected={
              props.filters.currency
                ? { value: props.filters.currency, label: props.filters.currency }
                : null
            }
          />
          <SelectInput
            name="archived"
            label="bills.filter.archived"
            options={ARCHIVED_CHOICES.map((value) => ({
              value,
              label: BILL_ARCHIVED_LABELS[value],
            }))}
          />
          <DateInput name="dueFrom" label="bills.filter.dueFrom" />
          <DateInput name="dueTo" label="bills.filter.dueTo" />
          <MoneyInput name="amountFrom" label="bills.filter.amountFrom" />
          <MoneyInput name="amountTo" label="bills.filter.amountTo" />
        </>
      )}
    </FilterDialog>
  );
}
