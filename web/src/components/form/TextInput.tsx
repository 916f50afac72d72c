// A text field of a form (multiline, email, …).
import { TextField, type TextFieldProps } from '@mui/material';
import { useBoundField, type FieldProps } from './field-state.ts';

export function TextInput(
  props: FieldProps & Pick<TextFieldProps, 'type' | 'multiline' | 'minRows' | 'autoComplete'>,
) {
  const { textField } = useBoundField(props);
  return (
    <TextField
      {...textField}
      type={props.type}
      multiline={props.multiline}
      minRows={props.minRows}
      autoComplete={props.autoComplete}
    />
  );
}
