import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
} from '@mui/material';
import { useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import * as yup from 'yup';
import { ApiError } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { CreateUserDocument, RoleOptionsDocument } from '../../../api/generated.ts';
import { useGraphQLMutation, useGraphQLQuery } from '../../../api/hooks.ts';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { newPasswordSchema } from '../../settings/password-rules.ts';

const schema = yup.object({
  username: yup.string().trim().required('validation.required'),
  firstName: yup.string().trim().required('validation.required'),
  lastName: yup.string().trim().required('validation.required'),
  additionalName: yup.string().trim().default(''),
  password: newPasswordSchema,
  repeatPassword: yup
    .string()
    .required('validation.required')
    .oneOf([yup.ref('password')], 'validation.passwordsDiffer'),
  roleId: yup.string().required('validation.required'),
  accountName: yup.string().trim().default(''),
});
type Values = yup.InferType<typeof schema>;

/**
 * A new user with an initial password (SPEC §5 rules) and a first account, which becomes the main
 * one. If that last step fails, SPEC §8's message is shown and the user's page opens to fix it.
 */
export function CreateUserDialog(props: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const roles = useGraphQLQuery(RoleOptionsDocument, {}, { reads: ['Role'] });
  const create = useGraphQLMutation(CreateUserDocument, ['User', 'Account']);
  const [failure, setFailure] = useState<unknown>();
  const form = useFormik<Values>({
    initialValues: {
      username: '',
      firstName: '',
      lastName: '',
      additionalName: '',
      password: '',
      repeatPassword: '',
      roleId: '',
      accountName: '',
    },
    validationSchema: schema,
    onSubmit: async (values) => {
      setFailure(undefined);
      try {
        const result = await create.mutateAsync({
          input: {
            username: values.username.trim(),
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            additionalName: values.additionalName.trim() || null,
            password: values.password,
            roleId: values.roleId,
            accountName: values.accountName.trim() || null,
          },
        });
        props.onClose();
        void navigate(`/admin/users/${result.createUser.userId}`);
      } catch (error) {
        setFailure(error);
      }
    },
  });
  const created =
    failure instanceof ApiError && failure.code === 'DefaultAccountNotSet'
      ? String(failure.details.userId ?? '')
      : '';
  const fieldError = (name: keyof Values) =>
    form.touched[name] && form.errors[name] ? t(String(form.errors[name])) : undefined;
  const text = (name: keyof Values, extra: object = {}) => ({
    name,
    label: t(`users.${name}`),
    value: form.values[name],
    onChange: form.handleChange,
    onBlur: form.handleBlur,
    error: Boolean(fieldError(name)),
    helperText: fieldError(name),
    ...extra,
  });
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm">
      <form onSubmit={form.handleSubmit} noValidate data-testid="user-dialog">
        <DialogTitle>{t('users.create')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure !== undefined && (
              <Alert
                severity="error"
                action={
                  created && (
                    <Button
                      color="inherit"
                      onClick={() => void navigate(`/admin/users/${created}`)}
                    >
                      {t('users.openUser')}
                    </Button>
                  )
                }
              >
                {errorMessage(t, failure)}
              </Alert>
            )}
            <TextField {...text('username', { autoComplete: 'off' })} />
            <Stack direction="row" spacing={2}>
              <TextField fullWidth {...text('firstName')} />
              <TextField fullWidth {...text('lastName')} />
            </Stack>
            <TextField {...text('additionalName')} />
            <PasswordField {...text('password', { autoComplete: 'new-password' })} />
            <PasswordField {...text('repeatPassword', { autoComplete: 'new-password' })} />
            <Stack direction="row" spacing={2}>
              <FormControl fullWidth error={Boolean(fieldError('roleId'))}>
                <InputLabel id="new-user-role">{t('users.roleId')}</InputLabel>
                <Select
                  labelId="new-user-role"
                  name="roleId"
                  label={t('users.roleId')}
                  value={form.values.roleId}
                  onChange={form.handleChange}
                  onBlur={form.handleBlur}
                  data-testid="new-user-role"
                >
                  {(roles.data?.allRoles?.nodes ?? []).map(
                    (role) =>
                      role && (
                        <MenuItem key={role.id} value={role.id} data-option={role.name}>
                          {role.name}
                        </MenuItem>
                      ),
                  )}
                </Select>
                <FormHelperText>{fieldError('roleId') ?? t('users.roleHelp')}</FormHelperText>
              </FormControl>
              <TextField fullWidth {...text('accountName')} />
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('common.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={form.isSubmitting}
            data-testid="dialog-save"
          >
            {t('common.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
