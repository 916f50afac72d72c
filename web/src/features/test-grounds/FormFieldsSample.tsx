import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { FileDropZone } from '../../components/form/FileDropZone.tsx';
import type { PickedFile } from '../../components/form/file-rules.ts';
import { CheckboxInput } from '../../components/form/CheckboxInput.tsx';
import { DateInput, MonthInput } from '../../components/form/DateInput.tsx';
import { MoneyInput, VatInput } from '../../components/form/MoneyInput.tsx';
import { SelectInput } from '../../components/form/SelectInput.tsx';
import { TextInput } from '../../components/form/TextInput.tsx';
import {
  amountRule,
  dateRule,
  notBeforeRule,
  pastPeriodRule,
  vatRule,
} from '../../components/form/rules.ts';
import { SearchInput } from '../../components/form/SearchInput.tsx';

const schema = yup.object({
  name: yup.string().trim().required('validation.required'),
  kind: yup.string().required('validation.required'),
  supplier: yup.string().required('validation.required'),
  currency: yup.string().required('validation.required'),
  invoiceDate: dateRule().required('validation.required'),
  dueDate: notBeforeRule('invoiceDate', 'validation.dueBeforeInvoice'),
  period: pastPeriodRule(),
  amount: amountRule(),
  vat: vatRule(),
  toBill: yup.boolean(),
});

const EMPTY = {
  name: '',
  kind: '',
  supplier: '',
  currency: '',
  invoiceDate: '',
  dueDate: '',
  period: '',
  amount: '',
  vat: '',
  toBill: false,
};

/** Every field of the kit in one formik form, enabled or disabled, with the values it keeps. */
export function FormFieldsSample(props: { disabled?: boolean }) {
  const { t } = useTranslation();
  const [submitted, setSubmitted] = useState<string>();
  return (
    <Paper sx={{ p: 2 }} data-testid={props.disabled ? 'fields-disabled' : 'fields'}>
      <Formik
        initialValues={EMPTY}
        validationSchema={schema}
        onSubmit={(values) => setSubmitted(JSON.stringify(values))}
      >
        {({ values }) => (
          <Form noValidate>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 2 }}>
              <TextInput
                name="name"
                label="testGrounds.record"
                required
                disabled={props.disabled}
              />
              <SelectInput
                name="kind"
                label="testGrounds.kind"
                options={[
                  { value: 'draft', label: 'statuses.draft' },
                  { value: 'validated', label: 'statuses.validated' },
                ]}
                required
                disabled={props.disabled}
              />
              <SearchInput
                name="supplier"
                kind="supplier"
                label="resources.suppliers.name"
                required
                disabled={props.disabled}
              />
              <SearchInput
                name="currency"
                kind="currency"
                label="resources.currencies.name"
                required
                disabled={props.disabled}
              />
              <DateInput
                name="invoiceDate"
                label="testGrounds.date"
                required
                disabled={props.disabled}
              />
              <DateInput
                name="dueDate"
                label="resources.fields.due_date"
                disabled={props.disabled}
              />
              <MonthInput
                name="period"
                label="analytics.month"
                required
                disabled={props.disabled}
              />
              <MoneyInput
                name="amount"
                label="resources.fields.amount"
                currency={values.currency || undefined}
                required
                disabled={props.disabled}
              />
              <VatInput name="vat" label="table.vat" required disabled={props.disabled} />
              <CheckboxInput
                name="toBill"
                label="resources.costs.fields.to_bill"
                disabled={props.disabled}
              />
            </Box>
            {!props.disabled && (
              <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
                <Button type="submit" variant="contained">
                  {t('common.save')}
                </Button>
                {submitted && (
                  <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                    {submitted}
                  </Typography>
                )}
              </Stack>
            )}
          </Form>
        )}
      </Formik>
    </Paper>
  );
}

/** The drop zone with a simulated upload's progress (nothing is sent from the gallery). */
export function DropZoneSample() {
  const { t } = useTranslation();
  const [files, setFiles] = useState<PickedFile[]>([]);
  return (
    <Paper sx={{ p: 2 }}>
      <FileDropZone files={files} onChange={setFiles} testId="sample-drop-zone" />
      <Button
        sx={{ mt: 1 }}
        disabled={files.length === 0}
        onClick={() =>
          setFiles(files.map((file, i) => ({ ...file, progress: (i + 1) / (files.length + 1) })))
        }
      >
        {t('testGrounds.showProgress')}
      </Button>
    </Paper>
  );
}
