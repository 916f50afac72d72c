// A text field of a form (multiline, email, …).
import { TextField, type TextFieldProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFieldState, type FieldProps } from './field-state.ts';

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
