// One of a fixed list of options (their labels are i18n keys).
import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFieldState, type FieldProps } from './field-state.ts';

export interface SelectOption {
  value: string;
  /** i18n key of the option's text. */
  label: string;
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
        <MenuItem key={option.value} value={option.value}>
          {t(option.label)}
        </MenuItem>
      ))}
    </TextField>
  );
}
