// What every form field shares (formik + yup): its props, and the message under it. Each field
// reads and writes its value by name in the surrounding formik form, shows the yup message (an
// i18n key) once touched, and keeps values as strings: dates 'YYYY-MM-DD', months 'YYYY-MM', money
// and VAT as decimal strings.
import { useField } from 'formik';
import { useTranslation } from 'react-i18next';

export interface FieldProps {
  name: string;
  /** i18n key of the label. */
  label: string;
  /** i18n key of a hint under the field. */
  helper?: string;
  required?: boolean;
  disabled?: boolean;
}

/** The message under a field: the yup error once touched, else the hint. */
export function useFieldState(name: string, helper?: string) {
  const { t } = useTranslation();
  const [field, meta, helpers] = useField<string>(name);
  const error = meta.touched && meta.error ? meta.error : undefined;
  return {
    field,
    helpers,
    error: Boolean(error),
    helperText: error ? t(error) : helper ? t(helper) : undefined,
  };
}

/** The props of a text field bound to the form by name: value, label, required, the message. */
export function useBoundField(props: FieldProps) {
  const { t } = useTranslation();
  const { field, helpers, error, helperText } = useFieldState(props.name, props.helper);
  return {
    field,
    helpers,
    textField: {
      ...field,
      value: field.value ?? '',
      label: t(props.label),
      required: props.required,
      disabled: props.disabled,
      error,
      helperText,
      fullWidth: true,
    },
  };
}
