// Dates and months of a form, picked or typed in the locale's format, kept as strings.
import { DatePicker } from '@mui/x-date-pickers';
import { format, isValid, parse } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { useFieldState, type FieldProps } from './field-state.ts';

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
