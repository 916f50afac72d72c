import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers';
import { formatISO, isValid, startOfDay } from 'date-fns';
import Decimal from 'decimal.js';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { errorMessage } from '../../api/errors.ts';
import type { PaymentMethod } from '../../api/generated.ts';
import { formatMoney } from '../../components/format.ts';

export const PAYMENT_METHODS = ['transaction', 'cash'] as const satisfies readonly PaymentMethod[];

export interface PaymentValues {
  /** An exact decimal string in the record's currency. */
  amount: string;
  /** The payment date as an ISO timestamp (the start of the chosen day, local time). */
  paymentDate: string;
  paymentMethod: PaymentMethod;
}

interface FormValues {
  amount: string;
  paymentDate: Date | null;
  paymentMethod: PaymentMethod | '';
}

/** The remaining amount after a payment of `amount`, or undefined while the amount is not a number. */
export function remainingAfter(remaining: string, amount: string): string | undefined {
  if (!/^\d{1,16}(\.\d{1,2})?$/.test(amount.trim())) return undefined;
  return new Decimal(remaining).minus(amount.trim()).toFixed(2);
}

/**
 * Records a payment on a bill or an invoice (SPEC §5): method Transaction or Cash, a valid date, an
 * amount above 0 and not above the remaining amount, in the record's own currency. The remaining
 * amount is shown before and after. The browser checks for a quick message; the database decides
 * and its refusal (another currency, above the remaining amount) is shown translated.
 */
export function PaymentDialog(props: {
  open: boolean;
  currency: string;
  /** The remaining amount now, an exact decimal string. */
  remaining: string;
  onSubmit: (values: PaymentValues) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [failure, setFailure] = useState<unknown>();
  const schema = yup.object({
    paymentMethod: yup.string().required('payments.methodRequired'),
    paymentDate: yup
      .date()
      .nullable()
      .required('validation.required')
      .typeError('validation.dateInvalid'),
    amount: yup
      .string()
      .required('validation.required')
      .matches(/^\d{1,16}(\.\d{1,2})?$/, 'payments.amountInvalid')
      .test('positive', 'payments.amountPositive', (v) => !v || new Decimal(v).gt(0))
      .test(
        'remaining',
        'payments.amountAboveRemaining',
        (v) => !v || !/^\d/.test(v) || new Decimal(v).lte(props.remaining),
      ),
  });
  const form = useFormik<FormValues>({
    initialValues: { amount: '', paymentDate: new Date(), paymentMethod: 'transaction' },
    validationSchema: schema,
    onSubmit: async (values) => {
      setFailure(undefined);
      try {
        await props.onSubmit({
          amount: values.amount.trim(),
          paymentDate: formatISO(startOfDay(values.paymentDate!)),
          paymentMethod: values.paymentMethod as PaymentMethod,
        });
        form.resetForm();
        props.onClose();
      } catch (error) {
        setFailure(error);
      }
    },
  });
  const money = (value: string | undefined) =>
    value === undefined ? '—' : formatMoney(value, i18n.language, props.currency);
  const after = remainingAfter(props.remaining, form.values.amount);
  const error = (name: keyof FormValues) =>
    form.touched[name] && form.errors[name] ? t(String(form.errors[name])) : undefined;
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs">
      <form onSubmit={form.handleSubmit} noValidate data-testid="payment-dialog">
        <DialogTitle>{t('payments.add')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure !== undefined && (
              <Alert severity="error" data-testid="payment-error">
                {errorMessage(t, failure)}
              </Alert>
            )}
            <Typography data-testid="remaining-before">
              {t('payments.remainingBefore', { value: money(props.remaining) })}
            </Typography>
            <TextField
              select
              name="paymentMethod"
              label={t('payments.method')}
              value={form.values.paymentMethod}
              onChange={form.handleChange}
              onBlur={form.handleBlur}
              error={Boolean(error('paymentMethod'))}
              helperText={error('paymentMethod')}
              slotProps={{ htmlInput: { 'data-testid': 'payment-method' } }}
            >
              {PAYMENT_METHODS.map((method) => (
                <MenuItem key={method} value={method}>
                  {t(`payments.methods.${method}`)}
                </MenuItem>
              ))}
            </TextField>
            <DatePicker
              label={t('payments.date')}
              value={form.values.paymentDate}
              onChange={(value) =>
                void form.setFieldValue('paymentDate', value && isValid(value) ? value : value)
              }
              slotProps={{
                textField: {
                  name: 'paymentDate',
                  error: Boolean(error('paymentDate')),
                  helperText: error('paymentDate'),
                },
              }}
            />
            <TextField
              name="amount"
              label={t('payments.amount', { currency: props.currency })}
              value={form.values.amount}
              onChange={form.handleChange}
              onBlur={form.handleBlur}
              error={Boolean(error('amount'))}
              helperText={error('amount')}
              slotProps={{
                htmlInput: { inputMode: 'decimal', 'data-testid': 'payment-amount' },
              }}
            />
            <Typography data-testid="remaining-after" color="text.secondary">
              {t('payments.remainingAfter', { value: money(after) })}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('common.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={form.isSubmitting}
            data-testid="payment-save"
          >
            {t('payments.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
