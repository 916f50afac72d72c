// The one behaviour of a list's typed filters (issue 28 §8): what is typed is kept in the field,
// applied a moment after the typing stops (or at once on Enter), and only when it is a complete,
// valid value; the field says what it expects.
import { TextField } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers';
import { isValid } from 'date-fns';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long after the last keystroke a typed filter applies. */
export const FILTER_DELAY_MS = 500;

/** Calls `apply(value)` once `value` has stayed the same for the delay. */
function useDebouncedApply<T>(value: T, ready: boolean, apply: (value: T) => void) {
  const applyRef = useRef(apply);
  applyRef.current = apply;
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => applyRef.current(value), FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value, ready]);
}

/** A text filter: applied as you type (debounced), on Enter, or when the field is left. */
export function FilterTextField(props: {
  label: string;
  value: string;
  onApply: (value: string) => void;
  /** i18n key of the hint under the field (what may be typed). */
  hint?: string;
  /** A value that cannot be applied is shown as an error and not applied. */
  valid?: (value: string) => boolean;
  /** i18n key of the hint while the value is not valid. */
  invalidHint?: string;
  testId?: string;
  fullWidth?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(props.value);
  // The URL changed (Back, a chip removed): show its value.
  useEffect(() => setText(props.value), [props.value]);
  const trimmed = text.trim();
  const invalid = Boolean(trimmed) && props.valid !== undefined && !props.valid(trimmed);
  const apply = () => {
    if (!invalid && trimmed !== props.value) props.onApply(trimmed);
  };
  useDebouncedApply(trimmed, !invalid && trimmed !== props.value, props.onApply);
  const hint = invalid ? (props.invalidHint ?? props.hint) : props.hint;
  return (
    <TextField
      size="small"
      fullWidth={props.fullWidth}
      label={t(props.label)}
      value={text}
      error={invalid}
      helperText={hint ? t(hint) : undefined}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => e.key === 'Enter' && apply()}
      onBlur={apply}
      slotProps={{ htmlInput: { 'data-testid': props.testId } }}
    />
  );
}

/** A complete date a user means: the picker's value is valid and its year has four digits. */
export function isCompleteDate(value: Date | null): value is Date {
  return value !== null && isValid(value) && value.getFullYear() >= 1900;
}

/**
 * A date filter: applied once a whole valid date is typed or picked (debounced, so a date typed
 * quickly is not applied half-way, e.g. a year "202"), or cleared; the hint shows the format.
 */
export function FilterDateField(props: {
  label: string;
  value: Date | null;
  onApply: (value: Date | null) => void;
}) {
  const { t } = useTranslation();
  const [date, setDate] = useState<Date | null>(props.value);
  const applied = props.value?.getTime() ?? null;
  useEffect(() => setDate(applied === null ? null : new Date(applied)), [applied]);
  const current = date === null ? null : isCompleteDate(date) ? date.getTime() : undefined;
  const incomplete = current === undefined;
  useDebouncedApply(current, !incomplete && current !== applied, (time) =>
    props.onApply(time === null || time === undefined ? null : new Date(time)),
  );
  return (
    <DatePicker
      label={t(props.label)}
      value={date}
      onChange={(value) => setDate(value)}
      slotProps={{
        textField: {
          size: 'small',
          helperText: t('table.lists.dateHint'),
        },
        field: { clearable: true },
      }}
    />
  );
}
