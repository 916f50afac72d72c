// Money and VAT of a form: exact decimal strings, never floats.
import { InputAdornment, TextField } from '@mui/material';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoundField, type FieldProps } from './field-state.ts';
import { caretAfterRegrouping, moneyShown, moneyTyped } from './money-input.ts';

/**
 * A decimal field (money or percent): the form value stays an exact decimal string ("2500.50",
 * never a float) with at most two decimals, while the field shows it as the language writes it —
 * a decimal comma in ru and digit groups as the rest of the UI ("2 500,50", "2,500.50"), also
 * while typing; the caret keeps its place among the digits.
 */
function DecimalField(props: FieldProps & { adornment?: string }) {
  const { i18n } = useTranslation();
  const { field, helpers, textField } = useBoundField(props);
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
      {...textField}
      value={shown}
      inputRef={input}
      onChange={(event) => {
        const typed = moneyTyped(event.target.value, 2, i18n.language);
        if (typed === null) return;
        const at = event.target.selectionStart ?? event.target.value.length;
        caret.current = { typed: event.target.value, at };
        void helpers.setValue(typed);
      }}
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
