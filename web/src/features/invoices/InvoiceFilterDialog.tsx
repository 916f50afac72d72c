import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { format, parse } from 'date-fns';
import { Form, Formik } from 'formik';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import type { RecordRef } from '../../components/DataTable/table-state.ts';
import { CheckboxInput } from '../../components/form/CheckboxInput.tsx';
import { DateInput } from '../../components/form/DateInput.tsx';
import { MoneyInput } from '../../components/form/MoneyInput.tsx';
import { SelectInput } from '../../components/form/SelectInput.tsx';
import { TextInput } from '../../components/form/TextInput.tsx';
import { dateRule } from '../../components/form/rules.ts';
import { SearchInput } from '../../components/form/SearchInput.tsx';
import type { SearchOption } from '../../components/form/search/sources.ts';
import {
  ARCHIVED,
  ARCHIVED_LABELS,
  INVOICE_STATUSES,
  INVOICE_TABLE,
  YES_NO,
  type InvoiceFilters,
} from './invoice-filters.ts';
import { decimalValue } from '../../components/form/money-input.ts';

interface FormValues {
  search: string;
  status: string;
  subsidiary: string;
  supplier: string;
  currency: string;
  invoiceFrom: string;
  invoiceTo: string;
  dueFrom: string;
  dueTo: string;
  amountFrom: string;
  amountTo: string;
  hasPayments: string;
  archived: string;
  overdue: boolean;
}

const schema = yup.object({
  invoiceFrom: dateRule(),
  invoiceTo: dateRule(),
  dueFrom: dateRule(),
  dueTo: dateRule(),
});

const toDay = (date: Date | null) => (date ? format(date, 'yyyy-MM-dd') : '');
const toDate = (day: string) => (day ? parse(day, 'yyyy-MM-dd', new Date()) : null);
const option = (ref: RecordRef | null): SearchOption | null =>
  ref ? { value: ref.id, label: ref.label } : null;

/** Every filter of the invoices list in one form; Apply puts them in the URL at once. */
export function InvoiceFilterDialog(props: {
  open: boolean;
  filters: InvoiceFilters;
  onApply: (filters: InvoiceFilters) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { filters } = props;
  // The names of the chosen records, for the chips.
  const labels = useRef<Record<string, string>>({});
  const initial: FormValues = {
    search: filters.search,
    status: filters.status,
    subsidiary: filters.subsidiary?.id ?? '',
    supplier: filters.supplier?.id ?? '',
    currency: filters.currency,
    invoiceFrom: toDay(filters.invoiceFrom),
    invoiceTo: toDay(filters.invoiceTo),
    dueFrom: toDay(filters.dueFrom),
    dueTo: toDay(filters.dueTo),
    amountFrom: filters.amountFrom,
    amountTo: filters.amountTo,
    hasPayments: filters.hasPayments,
    archived: filters.archived,
    overdue: filters.overdue,
  };
  const record = (id: string, current: RecordRef | null, name: string): RecordRef | null =>
    id ? { id, label: labels.current[name] ?? (current?.id === id ? current.label : id) } : null;
  const choices = (values: readonly string[], prefix: string) =>
    values.map((value) => ({ value, label: `${prefix}${value}` }));
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="md">
      <Formik<FormValues>
        initialValues={initial}
        enableReinitialize
        validationSchema={schema}
        onSubmit={(values) => {
          props.onApply({
            // Filters the form does not show (linked from home) stay as they are.
            ...filters,
            search: values.search.trim(),
            status: values.status as InvoiceFilters['status'],
            subsidiary: record(values.subsidiary, filters.subsidiary, 'subsidiary'),
            supplier: record(values.supplier, filters.supplier, 'supplier'),
            currency: values.currency,
            invoiceFrom: toDate(values.invoiceFrom),
            invoiceTo: toDate(values.invoiceTo),
            dueFrom: toDate(values.dueFrom),
            dueTo: toDate(values.dueTo),
            amountFrom: decimalValue(values.amountFrom),
            amountTo: decimalValue(values.amountTo),
            hasPayments: values.hasPayments as InvoiceFilters['hasPayments'],
            archived: values.archived as InvoiceFilters['archived'],
            overdue: values.overdue,
          });
          props.onClose();
        }}
      >
        {({ resetForm }) => (
          <Form noValidate data-testid="invoice-filters">
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
                <TextInput name="search" label="invoices.filters.search" />
                <SelectInput
                  name="status"
                  label="invoices.columns.status"
                  options={[
                    { value: '', label: 'filters.any' },
                    ...choices(INVOICE_STATUSES, 'statuses.'),
                  ]}
                />
                <SearchInput
                  name="subsidiary"
                  kind="subsidiary"
                  label="invoices.columns.subsidiary"
                  selected={option(filters.subsidiary)}
                  onChosen={(chosen) => chosen && (labels.current.subsidiary = chosen.label)}
                />
                <SearchInput
                  name="supplier"
                  kind="supplier"
                  label="invoices.columns.supplier"
                  selected={option(filters.supplier)}
                  onChosen={(chosen) => chosen && (labels.current.supplier = chosen.label)}
                />
                <SearchInput
                  name="currency"
                  kind="currency"
                  label="invoices.columns.currency"
                  selected={
                    filters.currency ? { value: filters.currency, label: filters.currency } : null
                  }
                />
                <SelectInput
                  name="hasPayments"
                  label="invoices.columns.hasPayments"
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
                  label="invoices.filters.archived"
                  options={[
                    { value: '', label: 'invoices.filters.archivedNo' },
                    ...ARCHIVED.map((value) => ({ value, label: ARCHIVED_LABELS[value] })),
                  ]}
                />
                <CheckboxInput name="overdue" label="invoices.filters.overdue" />
              </Box>
            </DialogContent>
            <DialogActions>
              <Button
                onClick={() => {
                  const empty = Object.fromEntries(
                    Object.entries(INVOICE_TABLE.filters).map(([name, filter]) => [
                      name,
                      filter.initial,
                    ]),
                  ) as unknown as InvoiceFilters;
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
