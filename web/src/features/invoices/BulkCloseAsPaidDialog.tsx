import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
} from '@mui/material';
import { format } from 'date-fns';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { errorMessage } from '../../api/errors.ts';
import type { PaymentMethod } from '../../api/generated.ts';
import { DateInput } from '../../components/form/DateInput.tsx';
import { SelectInput } from '../../components/form/SelectInput.tsx';
import { dateRule } from '../../components/form/rules.ts';
import { dayStart, PAYMENT_METHODS } from '../../components/PaymentDialog.tsx';
import { Preview, type CloseValues } from './BulkClosePreview.tsx';

const schema = yup.object({
  method: yup.string().required('validation.required'),
  date: dateRule().required('validation.required'),
});

/**
 * Close as paid for the selected invoices (docs/invoices.md "Bulk close as paid"): before it runs,
 * the database says for each invoice the final payment it will record (the remaining amount) or
 * why it would be refused, and the totals per currency; the close runs only when none refuses.
 */
export function BulkCloseAsPaidDialog(props: {
  open: boolean;
  ids: number[];
  onConfirm: (final: { method: PaymentMethod; date: string }) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<unknown>();
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="md">
      {props.open && (
        <Formik<CloseValues>
          initialValues={{ method: 'transaction', date: format(new Date(), 'yyyy-MM-dd') }}
          validationSchema={schema}
          onSubmit={async (values) => {
            setFailure(undefined);
            try {
              await props.onConfirm({
                method: values.method as PaymentMethod,
                date: dayStart(values.date),
              });
              props.onClose();
            } catch (error) {
              setFailure(error);
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate data-testid="close-dialog">
              <DialogTitle>{t('invoices.bulk.closeTitle')}</DialogTitle>
              <DialogContent>
                <Stack spacing={2} sx={{ pt: 1 }}>
                  {failure !== undefined && (
                    <Alert severity="error">{errorMessage(t, failure)}</Alert>
                  )}
                  <Stack direction="row" spacing={2}>
                    <SelectInput
                      name="method"
                      label="payments.method"
                      helper="invoices.bulk.closeHelp"
                      options={PAYMENT_METHODS.map((method) => ({
                        value: method,
                        label: `payments.methods.${method}`,
                      }))}
                    />
                    <DateInput name="date" label="payments.date" required />
                  </Stack>
                  <Preview ids={props.ids} failure={failure}>
                    {(ready) => (
                      <DialogActions sx={{ px: 0 }}>
                        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
                        <Button
                          type="submit"
                          variant="contained"
                          disabled={isSubmitting || !ready}
                          data-testid="dialog-save"
                        >
                          {t('bulkClose.confirm', { count: props.ids.length })}
                        </Button>
                      </DialogActions>
                    )}
                  </Preview>
                </Stack>
              </DialogContent>
            </Form>
          )}
        </Formik>
      )}
    </Dialog>
  );
}
