import { Stack, Typography } from '@mui/material';
import { format, formatISO, parse } from 'date-fns';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import type { PaymentMethod } from '../api/generated.ts';
import { DateInput } from './form/DateInput.tsx';
import { MoneyInput } from './form/MoneyInput.tsx';
import { SelectInput } from './form/SelectInput.tsx';
import { amountRule, dateRule } from './form/rules.ts';
import { formatMoney } from './format.ts';
import { FormDialog } from './FormDialog.tsx';
import { decimalValue } from './form/money-input.ts';

export const PAYMENT_METHODS = ['transaction', 'cash'] as const satisfies readonly PaymentMethod[];

export interface PaymentValues {
  /** An exact decimal string in the record's currency. */
  amount: string;
  /** The payment date as an ISO timestamp (the start of the chosen day, local time). */
  paymentDate: string;
  paymentMethod: PaymentMethod;
}

interface FormValues extends Record<string, unknown> {
  amount: string;
  paymentDate: string;
  paymentMethod: string;
}

const DECIMAL = /^\d{1,16}(\.\d{0,2})?$/;

/** The remaining amount after a payment of `amount`, or undefined while the amount is not a number. */
export function remainingAfter(remaining: string, amount: string): string | undefined {
  const typed = amount.trim();
  if (!DECIMAL.test(typed)) return undefined;
  return new Decimal(remaining).minus(decimalValue(typed)).toFixed(2);
}

/** A day 'YYYY-MM-DD' as the ISO timestamp of its start in the user's time zone. */
export function dayStart(day: string): string {
  return formatISO(parse(day, 'yyyy-MM-dd', new Date()));
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
  const schema: yup.ObjectSchema<FormValues> = yup.object({
    paymentMethod: yup.string().required('errors.codes.MissingPaymentMethod'),
    paymentDate: dateRule().required('validation.required'),
    amount: amountRule().test(
      'remaining',
      'payments.amountAboveRemaining',
      (value) =>
        !value || !DECIMAL.test(value) || new Decimal(decimalValue(value)).lte(props.remaining),
    ),
  });
  const money = (value: string | undefined) =>
    value === undefined ? '—' : formatMoney(value, i18n.language, props.currency);
  return (
    <FormDialog<FormValues>
      open={props.open}
      testId="payment-dialog"
      title="payments.add"
      maxWidth="sm"
      initialValues={{
        amount: '',
        paymentDate: format(new Date(), 'yyyy-MM-dd'),
        paymentMethod: 'transaction',
      }}
      schema={schema}
      onClose={props.onClose}
      onSubmit={(values) =>
        props.onSubmit({
          amount: decimalValue(values.amount),
          paymentDate: dayStart(values.paymentDate),
          paymentMethod: values.paymentMethod as PaymentMethod,
        })
      }
    >
      {(form) => (
        <Stack spacing={2}>
          <Typography data-testid="remaining-before">
            {t('payments.remainingBefore', { value: money(props.remaining) })}
          </Typography>
          <SelectInput
            name="paymentMethod"
            label="payments.method"
            required
            options={PAYMENT_METHODS.map((method) => ({
              value: method,
              label: `payments.methods.${method}`,
            }))}
          />
          <DateInput name="paymentDate" label="payments.date" required />
          <MoneyInput
            name="amount"
            label="resources.fields.amount"
            currency={props.currency}
            required
          />
          <Typography data-testid="remaining-after" color="text.secondary">
            {t('payments.remainingAfter', {
              value: money(remainingAfter(props.remaining, form.values.amount)),
            })}
          </Typography>
        </Stack>
      )}
    </FormDialog>
  );
}
