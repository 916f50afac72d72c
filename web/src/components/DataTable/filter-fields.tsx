// The one behaviour of a list's typed filters (issue 28 §8): what is typed is kept in the field,
// applied a moment after the typing stops (or at once on Enter), and only when it is a complete,
// valid value; the field says what it expects.
import { TextField } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers';
import { usePickerAdapter } from '@mui/x-date-pickers/hooks';
import { isValid } from 'date-fns';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldOutlineBox, useDrawnAfterFirstRender } from './drawn-after-rows.tsx';
import { showsArrival } from './typed-filter.ts';

/** How long after the last keystroke a typed filter applies. */
export const FILTER_DELAY_MS = 500;

/**
 * The width a text and a date field's input take of themselves (a text input's 20 characters,
 * the date field's sections and calendar button, and its clear button once it has a date): their
 * outlines' (drawn-after-rows.tsx).
 */
const TEXT_INPUT_WIDTH = 228;
const DATE_INPUT_WIDTH = 246;
const DATE_CLEAR_WIDTH = 36;

/**
 * The field's own state, set from the applied `value` as `showsArrival` says; `applying(value)`
 * marks a value this field is about to apply.
 */
function useFieldState<T, S>(value: T, show: (value: T) => S) {
  const [shown, setShown] = useState<S>(() => show(value));
  const ownApply = useRef<{ value: T } | null>(null);
  const showRef = useRef(show);
  showRef.current = show;
  useEffect(() => {
    if (showsArrival(value, ownApply.current)) setShown(showRef.current(value));
    ownApply.current = null;
  }, [value]);
  const applying = (next: T) => {
    ownApply.current = { value: next };
  };
  return [shown, setShown, applying] as const;
}

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
  const [text, setText, applying] = useFieldState(props.value, (value) => value);
  const trimmed = text.trim();
  const invalid = Boolean(trimmed) && props.valid !== undefined && !props.valid(trimmed);
  const onApply = (value: string) => {
    applying(value);
    props.onApply(value);
  };
  const apply = () => {
    if (!invalid && trimmed !== props.value) onApply(trimmed);
  };
  useDebouncedApply(trimmed, !invalid && trimmed !== props.value, onApply);
  const hint = invalid ? (props.invalidHint ?? props.hint) : props.hint;
  const drawn = useDrawnAfterFirstRender();
  if (!drawn)
    return (
      <FieldOutlineBox
        inputWidth={TEXT_INPUT_WIDTH}
        fullWidth={props.fullWidth}
        field={{ label: props.label, size: 'small', hint, shrink: Boolean(text), value: text }}
      />
    );
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
  // Followed by its time, so the same date arriving as a new object is the same value.
  const applied = props.value?.getTime() ?? null;
  const [date, setDate, applying] = useFieldState(applied, (time) =>
    time === null ? null : new Date(time),
  );
  const current = date === null ? null : isCompleteDate(date) ? date.getTime() : undefined;
  const incomplete = current === undefined;
  useDebouncedApply(current, !incomplete && current !== applied, (time) => {
    const value = time ?? null;
    applying(value);
    props.onApply(value === null ? null : new Date(value));
  });
  const adapter = usePickerAdapter();
  const drawn = useDrawnAfterFirstRender();
  if (!drawn)
    return (
      <FieldOutlineBox
        inputWidth={DATE_INPUT_WIDTH + (date === null ? 0 : DATE_CLEAR_WIDTH)}
        field={{
          label: props.label,
          size: 'small',
          hint: 'table.lists.dateHint',
          shrink: date !== null,
          value: date && isValid(date) ? adapter.format(date, 'keyboardDate') : undefined,
        }}
      />
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
