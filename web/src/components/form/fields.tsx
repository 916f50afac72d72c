// The form fields every screen uses (formik + yup). Each reads and writes its value by name in the
// surrounding formik form, shows the yup message (an i18n key) once touched, and keeps values as
// strings: dates 'YYYY-MM-DD', months 'YYYY-MM', money and VAT as decimal strings.
import {
  Checkbox,
  FormControlLabel,
  FormHelperText,
  InputAdornment,
  MenuItem,
  TextField,
  type TextFieldProps,
} from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers';
import { format, isValid, parse } from 'date-fns';
import { useField } from 'formik';
import { useTranslation } from 'react-i18next';
import { useLayoutEffect, useRef } from 'react';
import { PasswordField } from '../PasswordField.tsx';
import { caretAfterRegrouping, moneyShown, moneyTyped } from './money-input.ts';

interface FieldProps {
  name: string;
  /** i18n key of the label. */
  label: string;
  /** i18n key of a hint under the field. */
  helper?: string;
  required?: boolean;
  disabled?: boolean;
}

/** The message under a field: the yup error once touched, else the hint. */
function useFieldState(name: string, helper?: string) {
  const { t } = useTranslation();
  const [field, meta, helpers] = useField<string>(name);
  const error = meta.touched && meta.error ? meta.error : undefined;
  return {
    field,
    helpers,
    error: Boolean(error),
    helperText: error ? t(error) : helper ? t(helper) : undefined,
  };
}

export function TextInput(
  props: FieldProps & Pick<TextFieldProps, 'type' | 'multiline' | 'minRows' | 'autoComplete'>,
) {
  const { t } = useTranslation();
  const { field, error, helperText } = useFieldState(props.name, props.helper);
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      label={t(props.label)}
      type={props.type}
      multiline={props.multiline}
      minRows={props.minRows}
      autoComplete={props.autoComplete}
      required={props.required}
      disabled={props.disabled}
      error={error}
      helperText={helperText}
      fullWidth
    />
  );
}

export interface SelectOption {
  value: string;
  /** i18n key of the option's text. */
  label: string;
  /** How the option is found by its name in tests when its value is an id (default: value). */
  name?: string;
}

export function SelectInput(props: FieldProps & { options: SelectOption[] }) {
  const { t } = useTranslation();
  const { field, error, helperText } = useFieldState(props.name, props.helper);
  // An option for "none" ('' — "any", "not archived") is shown as chosen, not as an empty box.
  const hasEmpty = props.options.some((option) => option.value === '');
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      select
      slotProps={
        hasEmpty ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined
      }
      label={t(props.label)}
      required={props.required}
      disabled={props.disabled}
      error={error}
      helperText={helperText}
      fullWidth
    >
      {props.options.map((option) => (
        <MenuItem key={option.value} value={option.value} data-option={option.name ?? option.value}>
          {t(option.label)}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function CheckboxInput(props: Omit<FieldProps, 'required'>) {
  const { t } = useTranslation();
  const [field] = useField<boolean>({ name: props.name, type: 'checkbox' });
  return (
    <div>
      <FormControlLabel
        control={<Checkbox {...field} checked={Boolean(field.checked)} />}
        label={t(props.label)}
        disabled={props.disabled}
      />
      {props.helper && <FormHelperText>{t(props.helper)}</FormHelperText>}
    </div>
  );
}

const DAY = 'yyyy-MM-dd';
const MONTH = 'yyyy-MM';

function toDate(value: string, pattern: string): Date | null {
  if (!value) return null;
  const date = parse(value, pattern, new Date(2000, 0, 1));
  return isValid(date) ? date : null;
}

/**
 * A date picker in the locale's format (placeholder, month and weekday names from DatesProvider);
 * the form value is 'YYYY-MM-DD', or '' when empty. A date typed half-way is kept as 'invalid' so
 * that yup can say so (validation.date).
 */
export function DateInput(props: FieldProps & { min?: string; max?: string }) {
  return <CalendarInput {...props} pattern={DAY} views={['year', 'month', 'day']} />;
}

/** A month (period) picker: the form value is 'YYYY-MM', or ''. */
export function MonthInput(props: FieldProps & { min?: string; max?: string }) {
  return <CalendarInput {...props} pattern={MONTH} views={['year', 'month']} />;
}

function CalendarInput(
  props: FieldProps & {
    min?: string;
    max?: string;
    pattern: string;
    views: ('year' | 'month' | 'day')[];
  },
) {
  const { t } = useTranslation();
  const { field, helpers, error, helperText } = useFieldState(props.name, props.helper);
  const value =
    field.value === 'invalid' ? new Date(Number.NaN) : toDate(field.value, props.pattern);
  return (
    <DatePicker
      label={t(props.label)}
      value={value}
      views={props.views}
      openTo={props.views.includes('day') ? 'day' : 'month'}
      minDate={props.min ? (toDate(props.min, props.pattern) ?? undefined) : undefined}
      maxDate={props.max ? (toDate(props.max, props.pattern) ?? undefined) : undefined}
      disabled={props.disabled}
      onChange={(date) => {
        void helpers.setValue(!date ? '' : isValid(date) ? format(date, props.pattern) : 'invalid');
      }}
      onClose={() => void helpers.setTouched(true)}
      slotProps={{
        textField: {
          name: props.name,
          required: props.required,
          error,
          helperText,
          fullWidth: true,
          onBlur: () => void helpers.setTouched(true),
        },
      }}
    />
  );
}

/**
 * A decimal field (money or percent): the form value stays an exact decimal string ("2500.50",
 * never a float) with at most two decimals, while the field shows it as the language writes it —
 * a decimal comma in ru and digit groups as the rest of the UI ("2 500,50", "2,500.50"), also
 * while typing; the caret keeps its place among the digits.
 */
function DecimalField(props: FieldProps & { adornment?: string }) {
  const { t, i18n } = useTranslation();
  const { field, helpers, error, helperText } = useFieldState(props.name, props.helper);
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<{ typed: string; at: number }>(undefined);
  const shown = moneyShown(field.value ?? '', i18n.language, true);
  useLayoutEffect(() => {
    const element = input.current;
    if (!caret.current || !element || document.activeElement !== element) return;
    const at = caretAfterRegrouping(caret.current.typed, caret.current.at, shown, i18n.language);
    caret.current = undefined;
    element.setSelectionRange(at, at);
  });
  return (
    <TextField
      name={props.name}
      value={shown}
      inputRef={input}
      onChange={(event) => {
        const typed = moneyTyped(event.target.value, 2, i18n.language);
        if (typed === null) return;
        const at = event.target.selectionStart ?? event.target.value.length;
        caret.current = { typed: event.target.value, at };
        void helpers.setValue(typed);
      }}
      onBlur={field.onBlur}
      label={t(props.label)}
      required={props.required}
      disabled={props.disabled}
      error={error}
      helperText={helperText}
      fullWidth
      slotProps={{
        htmlInput: { inputMode: 'decimal', style: { textAlign: 'right' } },
        input: props.adornment
          ? { endAdornment: <InputAdornment position="end">{props.adornment}</InputAdornment> }
          : undefined,
      }}
    />
  );
}

/** The one money field of every form: an exact decimal string, the currency beside it. */
export function MoneyInput(props: FieldProps & { currency?: string }) {
  return <DecimalField {...props} adornment={props.currency} />;
}

/** VAT in percent (SPEC §5: above 0, at most 100), a decimal string with up to two decimals. */
export function VatInput(props: FieldProps) {
  return <DecimalField {...props} adornment="%" />;
}

/** A password on the kit: shown or hidden by the eye button or Ctrl+B (PasswordField). */
export function PasswordInput(props: FieldProps & { autoComplete: string }) {
  const { t } = useTranslation();
  const { field, error, helperText } = useFieldState(props.name, props.helper);
  return (
    <PasswordField
      {...field}
      value={field.value ?? ''}
      label={t(props.label)}
      autoComplete={props.autoComplete}
      required={props.required}
      disabled={props.disabled}
      error={error}
      helperText={helperText}
      fullWidth
    />
  );
}
