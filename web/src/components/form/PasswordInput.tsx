// A password on the kit: shown or hidden by the eye button or Ctrl+B (PasswordField).
import { PasswordField } from '../PasswordField.tsx';
import { useBoundField, type FieldProps } from './field-state.ts';

export function PasswordInput(props: FieldProps & { autoComplete: string }) {
  const { textField } = useBoundField(props);
  return <PasswordField {...textField} autoComplete={props.autoComplete} />;
}
