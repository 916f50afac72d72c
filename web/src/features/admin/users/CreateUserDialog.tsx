import { Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import * as yup from 'yup';
import { ApiError } from '../../../api/client.ts';
import { CreateUserDocument, RoleOptionsDocument } from '../../../api/generated.ts';
import { useGraphQLMutation, useGraphQLQuery } from '../../../api/hooks.ts';
import { PasswordInput } from '../../../components/form/PasswordInput.tsx';
import { SelectInput } from '../../../components/form/SelectInput.tsx';
import { TextInput } from '../../../components/form/TextInput.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
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

const EMPTY: Values = {
  username: '',
  firstName: '',
  lastName: '',
  additionalName: '',
  password: '',
  repeatPassword: '',
  roleId: '',
  accountName: '',
};

/**
 * A new user with an initial password (SPEC §5 rules) and a first account, which becomes the main
 * one. If that last step fails, SPEC §8's message is shown and the user's page opens to fix it.
 */
export function CreateUserDialog(props: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const roles = useGraphQLQuery(RoleOptionsDocument, {}, { reads: ['Role'] });
  const create = useGraphQLMutation(CreateUserDocument, ['User', 'Account']);
  const roleOptions = (roles.data?.allRoles?.nodes ?? []).flatMap((role) =>
    role ? [{ value: role.id, label: role.name, name: role.name }] : [],
  );
  return (
    <FormDialog<Values>
      open={props.open}
      testId="user-dialog"
      title="users.create"
      initialValues={EMPTY}
      schema={schema}
      onClose={props.onClose}
      onSubmit={async (values) => {
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
        void navigate(`/admin/users/${result.createUser.userId}`);
      }}
      failureAction={(failure) => {
        const created =
          failure instanceof ApiError && failure.code === 'DefaultAccountNotSet'
            ? String(failure.details.userId ?? '')
            : '';
        return (
          created && (
            <Button color="inherit" onClick={() => void navigate(`/admin/users/${created}`)}>
              {t('users.openUser')}
            </Button>
          )
        );
      }}
    >
      <TextInput name="username" label="resources.users.fields.username" autoComplete="off" />
      <Stack direction="row" spacing={2}>
        <TextInput name="firstName" label="resources.users.fields.first_name" />
        <TextInput name="lastName" label="resources.users.fields.last_name" />
      </Stack>
      <TextInput name="additionalName" label="resources.users.fields.additional_name" />
      <PasswordInput name="password" label="users.password" autoComplete="new-password" />
      <PasswordInput
        name="repeatPassword"
        label="users.repeatPassword"
        autoComplete="new-password"
      />
      <Stack direction="row" spacing={2}>
        <SelectInput
          name="roleId"
          label="users.roleId"
          helper="users.roleHelp"
          options={roleOptions}
        />
        <TextInput name="accountName" label="users.accountName" />
      </Stack>
    </FormDialog>
  );
}
