// A password on the kit: shown or hidden by the eye button or Ctrl+B (PasswordField).
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../PasswordField.tsx';
import { useFieldState, type FieldProps } from './field-state.ts';

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
