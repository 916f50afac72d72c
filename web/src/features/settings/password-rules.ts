import * as yup from 'yup';

/** SPEC §5 password rules, for a quick message; the server checks them again. */
export const newPasswordSchema = yup
  .string()
  .required('validation.required')
  .min(8, 'validation.passwordLength')
  .matches(/\d/, 'validation.passwordDigit')
  .matches(/[^A-Za-z0-9]/, 'validation.passwordSpecial')
  .matches(/[a-z]/, 'validation.passwordLower')
  .matches(/[A-Z]/, 'validation.passwordUpper');

export const changePasswordSchema = yup.object({
  oldPassword: yup.string().required('validation.required'),
  newPassword: newPasswordSchema,
  repeatPassword: yup
    .string()
    .required('validation.required')
    .oneOf([yup.ref('newPassword')], 'validation.passwordsDiffer'),
});
