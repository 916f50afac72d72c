// yup rules for the kit's field values, repeating the database's rules for a quick message (the
// database stays the judge). Messages are i18n keys under `validation.`.
import Decimal from 'decimal.js';
import * as yup from 'yup';
import { decimalValue } from './money-input.ts';

const DECIMAL = /^\d+(\.\d{1,2})?$|^\d+\.$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function exact(value: string): Decimal | null {
  return DECIMAL.test(value) ? new Decimal(decimalValue(value)) : null;
}

/** An amount: a decimal string above 0 (SPEC §5), compared exactly. */
export const amountRule = () =>
  yup
    .string()
    .required('validation.required')
    .test('amount', 'validation.amountPositive', (value) => {
      const amount = value ? exact(value) : null;
      return amount !== null && amount.greaterThan(0);
    });

/** VAT in percent: above 0 and at most 100 (SPEC §5). */
export const vatRule = () =>
  yup
    .string()
    .required('validation.required')
    .test('vat', 'validation.vatRange', (value) => {
      const vat = value ? exact(value) : null;
      return vat !== null && vat.greaterThan(0) && vat.lessThanOrEqualTo(100);
    });

/** A date 'YYYY-MM-DD' from DateInput ('invalid' when typed half-way). */
export const dateRule = () =>
  yup.string().test('date', 'validation.dateInvalid', (value) => !value || DAY.test(value));

/** A month 'YYYY-MM' from MonthInput. */
export const monthRule = () =>
  yup.string().test('month', 'validation.dateInvalid', (value) => !value || MONTH.test(value));

/** A period not later than the current month (SPEC §5). */
export const pastPeriodRule = (now: () => Date = () => new Date()) =>
  monthRule()
    .required('validation.required')
    .test('not-future', 'validation.periodInFuture', (value) => {
      if (!value || !MONTH.test(value)) return true;
      const today = now();
      const current = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}`;
      return value <= current;
    });

/** A date not before another field's date (a due date after the invoice date, an expiration
 *  after the signing). Both 'YYYY-MM-DD', so they compare as text. */
export const notBeforeRule = (other: string, message: string) =>
  dateRule().test('not-before', message, function check(value) {
    const start = (this.parent as Record<string, string | undefined>)[other];
    if (!value || !start || !DAY.test(value) || !DAY.test(start)) return true;
    return value >= start;
  });
