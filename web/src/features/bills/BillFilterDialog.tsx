import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { format, parse } from 'date-fns';
import { Form, Formik } from 'formik';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import type { RecordRef } from '../../components/DataTable/table-state.ts';
import { DateInput } from '../../components/form/DateInput.tsx';
import { MoneyInput } from '../../components/form/MoneyInput.tsx';
import { SelectInput } from '../../components/form/SelectInput.tsx';
import { TextInput } from '../../components/form/TextInput.tsx';
import { dateRule } from '../../components/form/rules.ts';
import { SearchInput } from '../../components/form/SearchInput.tsx';
import type { SearchKind, SearchOption } from '../../components/form/search/sources.ts';
import {
  ARCHIVED_CHOICES,
  BILL_ARCHIVED_LABELS,
  BILL_STATUSES,
  BILLS_TABLE,
  type BillsFilters,
} from './filters.ts';
import { decimalValue } from '../../components/form/money-input.ts';

interface FormValues {
  search: string;
  year: string;
  month: string;
  status: string;
  client: string;
  subsidiary: string;
  project: string;
  service: string;
  currency: string;
  dueFrom: string;
  dueTo: string;
  amountFrom: string;
  amountTo: string;
  archived: string;
}

const schema = yup.object({
  year: yup.string().matches(/^\d{4}$/, 'bills.filter.yearInvalid'),
  dueFrom: dateRule(),
  dueTo: dateRule(),
});

const RECORDS = ['client', 'subsidiary', 'project', 'service'] as const;
const toDay = (date: Date | null) => (date ? format(date, 'yyyy-MM-dd') : '');
const toDate = (day: string) => (day ? parse(day, 'yyyy-MM-dd', new Date()) : null);
const option = (ref: RecordRef | null): SearchOption | null =>
  ref ? { value: ref.id, label: ref.label } : null;

/** Every filter of the bills table in one form; Apply puts them in the URL at once. */
export function BillFilterDialog(props: {
  open: boolean;
  filters: BillsFilters;
  onApply: (filters: Partial<BillsFilters>) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { filters } = props;
  // The names of the chosen records, for the chips.
  const labels = useRef<Record<string, string>>({});
  const initial: FormValues = {
    search: filters.search,
    year: filters.year,
    month: filters.month,
    status: filters.status,
    client: filters.client?.id ?? '',
    subsidiary: filters.subsidiary?.id ?? '',
    project: filters.project?.id ?? '',
    service: filters.service?.id ?? '',
    currency: filters.currency,
    dueFrom: toDay(filters.dueFrom),
    dueTo: toDay(filters.dueTo),
    amountFrom: filters.amountFrom,
    amountTo: filters.amountTo,
    archived: filters.archived,
  };
  const record = (name: (typeof RECORDS)[number], id: string): RecordRef | null => {
    const current = filters[name];
    return id
      ? { id, label: labels.current[name] ?? (current?.id === id ? current.label : id) }
      : null;
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="md">
      <Formik<FormValues>
        initialValues={initial}
        enableReinitialize
        validationSchema={schema}
        onSubmit={(values) => {
          props.onApply({
            search: values.search.trim(),
            year: values.year,
            month: values.month,
            status: values.status as BillsFilters['status'],
            client: record('client', values.client),
            subsidiary: record('subsidiary', values.subsidiary),
            project: record('project', values.project),
            service: record('service', values.service),
            currency: values.currency,
            dueFrom: toDate(values.dueFrom),
            dueTo: toDate(values.dueTo),
            amountFrom: decimalValue(values.amountFrom),
            amountTo: decimalValue(values.amountTo),
            archived: values.archived as BillsFilters['archived'],
          });
          props.onClose();
        }}
      >
        {({ resetForm }) => (
          <Form noValidate data-testid="bill-filters">
            <DialogTitle>{t('filters.title')}</DialogTitle>
            <DialogContent>
              <Box
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
                  gap: 2,
                  pt: 1,
                }}
              >
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
                    kind={name as SearchKind}
                    label={`bills.filter.${name}`}
                    selected={option(filters[name])}
                    onChosen={(chosen) => chosen && (labels.current[name] = chosen.label)}
                  />
                ))}
                <SearchInput
                  name="currency"
                  kind="currency"
                  label="bills.filter.currency"
                  selected={
                    filters.currency ? { value: filters.currency, label: filters.currency } : null
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
              </Box>
            </DialogContent>
            <DialogActions>
              <Button
                onClick={() => {
                  const empty = Object.fromEntries(
                    Object.entries(BILLS_TABLE.filters)
                      .filter(([name]) => name !== 'unpaid')
                      .map(([name, filter]) => [name, filter.initial]),
                  ) as Partial<BillsFilters>;
                  resetForm();
                  props.onApply(empty);
                  props.onClose();
                }}
              >
                {t('filters.clearAll')}
              </Button>
              <Button onClick={props.onClose}>{t('common.cancel')}</Button>
              <Button type="submit" variant="contained" data-testid="apply-filters">
                {t('filters.apply')}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
