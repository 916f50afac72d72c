// A yes/no field: the form value is a boolean.
import { Checkbox, FormControlLabel, FormHelperText } from '@mui/material';
import { useField } from 'formik';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from './field-state.ts';

export function CheckboxInput(props: Omit<FieldProps, 'required'>) {
  const { t } = useTranslation();
  const [field] = useField<boolean>({ name: props.name, type: 'checkbox' });
  return (
    <div>
      <FormControlLabel
        control={<Checkbox {...field} checked={Boolean(field.checked)} />}
        label={t(props.label)}
        disabled={props.disabled}
      />
      {props.helper && <FormHelperText>{t(props.helper)}</FormHelperText>}
    </div>
  );
}
