// One of a fixed list of options (their labels are i18n keys).
import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useBoundField, type FieldProps } from './field-state.ts';

export interface SelectOption {
  value: string;
  /** i18n key of the option's text. */
  label: string;
  /** How the option is found by its name in tests when its value is an id (default: value). */
  name?: string;
}

export function SelectInput(props: FieldProps & { options: SelectOption[] }) {
  const { t } = useTranslation();
  const { textField } = useBoundField(props);
  // An option for "none" ('' — "any", "not archived") is shown as chosen, not as an empty box.
  const hasEmpty = props.options.some((option) => option.value === '');
  return (
    <TextField
      {...textField}
      select
      slotProps={
        hasEmpty ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined
      }
    >
      {props.options.map((option) => (
        <MenuItem key={option.value} value={option.value} data-option={option.name ?? option.value}>
          {t(option.label)}
        </MenuItem>
      ))}
    </TextField>
  );
}
