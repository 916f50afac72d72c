import { DialogContentText } from '@mui/material';
import { format } from 'date-fns';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import type { PaymentMethod } from '../api/generated.ts';
import { DateInput } from './form/DateInput.tsx';
import { SelectInput } from './form/SelectInput.tsx';
import { dateRule } from './form/rules.ts';
import { FormDialog } from './FormDialog.tsx';
import { formatMoney } from './format.ts';
import { dayStart, PAYMENT_METHODS } from './PaymentDialog.tsx';

const schema = yup.object({
  method: yup.string().required('errors.codes.MissingPaymentMethod'),
  date: dateRule().required('validation.required'),
});

/**
 * Close as paid (SPEC §4): a fully paid bill is simply closed; when money remains, a final payment
 * of exactly the remaining amount is recorded (method and date asked here) and the bill closed,
 * in one transaction on the server.
 */
export function CloseAsPaidDialog(props: {
  open: boolean;
  currency: string;
  remaining: string;
  onConfirm: (final?: { method: PaymentMethod; date: string }) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const remains = new Decimal(props.remaining).gt(0);
  return (
    <FormDialog
      open={props.open}
      maxWidth="xs"
      title="payments.close"
      submitLabel="payments.close"
      testId="close-dialog"
      submitTestId="close-confirm"
      initialValues={{ method: 'transaction', date: format(new Date(), 'yyyy-MM-dd') }}
      schema={schema}
      onClose={props.onClose}
      onSubmit={(values) =>
        props.onConfirm(
          remains
            ? { method: values.method as PaymentMethod, date: dayStart(values.date) }
            : undefined,
        )
      }
    >
      <DialogContentText data-testid="close-explanation">
        {remains
          ? t('payments.closeWithFinalPayment', {
              value: formatMoney(props.remaining, i18n.language, props.currency),
            })
          : t('payments.closeFullyPaid')}
      </DialogContentText>
      {remains && (
        <>
          <SelectInput
            name="method"
            label="payments.method"
            required
            options={PAYMENT_METHODS.map((method) => ({
              value: method,
              label: `payments.methods.${method}`,
            }))}
          />
          <DateInput name="date" label="payments.date" required />
        </>
      )}
    </FormDialog>
  );
}
