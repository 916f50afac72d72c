import { ArrowBack } from '@mui/icons-material';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Chip,
  Grid,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useFormik } from 'formik';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import * as yup from 'yup';
import { ApiError } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import {
  AdminChangePasswordDocument,
  SetUserActiveDocument,
  UpdateUserDocument,
  UserDetailsDocument,
  type UserDetailsQuery,
} from '../../../api/generated.ts';
import { useGraphQLMutation, useGraphQLQuery } from '../../../api/hooks.ts';
import { uploadFiles } from '../../../api/storage.ts';
import { api } from '../../../app/services.ts';
import { formatDateTime } from '../../../components/format.ts';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { useSession } from '../../../session/useSession.ts';
import { AccountsEditor } from '../../settings/accounts/AccountsEditor.tsx';
import { useAvatarUrl } from '../../settings/avatar.ts';
import { newPasswordSchema } from '../../settings/password-rules.ts';

type User = NonNullable<UserDetailsQuery['userById']>;

function Section(props: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper sx={{ p: 3 }} data-testid={props.testId}>
      <Typography variant="h6" gutterBottom>
        {props.title}
      </Typography>
      {props.children}
    </Paper>
  );
}

type Status = { ok?: string; error?: unknown };

function StatusAlert({ status }: { status: Status }) {
  const { t } = useTranslation();
  if (status.ok) return <Alert severity="success">{t(status.ok)}</Alert>;
  if (status.error !== undefined)
    return <Alert severity="error">{errorMessage(t, status.error)}</Alert>;
  return null;
}

const profileSchema = yup.object({
  username: yup.string().trim().required('validation.required'),
  firstName: yup.string().trim().required('validation.required'),
  lastName: yup.string().trim().required('validation.required'),
  additionalName: yup.string().trim().default(''),
});

function ProfileSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useGraphQLMutation(UpdateUserDocument, ['User']);
  const [status, setStatus] = useState<Status>({});
  const avatarUrl = useAvatarUrl(user.avatarFileId);
  const form = useFormik({
    initialValues: {
      username: user.username ?? '',
      firstName: user.firstName,
      lastName: user.lastName,
      additionalName: user.additionalName ?? '',
    },
    enableReinitialize: true,
    validationSchema: profileSchema,
    onSubmit: async (values) => {
      setStatus({});
      try {
        await update.mutateAsync({
          id: user.id,
          patch: {
            username: values.username.trim(),
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            additionalName: values.additionalName.trim() || null,
          },
        });
        setStatus({ ok: 'users.saved' });
      } catch (error) {
        setStatus({ error });
      }
    },
  });
  const setAvatar = async (avatarFileId: string | null) => {
    setStatus({});
    try {
      await update.mutateAsync({ id: user.id, patch: { avatarFileId } });
    } catch (error) {
      setStatus({ error });
    }
  };
  const onAvatar = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const [fileId] = await uploadFiles(api, [file]);
      if (typeof fileId !== 'string')
        throw new ApiError('http', 'FileIdNotReceived', 'File id not received');
      await setAvatar(fileId);
    } catch (error) {
      setStatus({ error });
    }
  };
  const fieldError = (name: keyof typeof form.values) =>
    form.touched[name] && form.errors[name] ? t(String(form.errors[name])) : undefined;
  return (
    <Section title={t('users.profile')}>
      <Stack
        component="form"
        spacing={2}
        onSubmit={form.handleSubmit}
        noValidate
        data-testid="user-profile"
      >
        <StatusAlert status={status} />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar
            src={avatarUrl}
            alt={t('settings.avatarOf', { name: user.displayName ?? user.username ?? '' })}
            sx={{ width: 64, height: 64 }}
          >
            {user.firstName[0]}
          </Avatar>
          <Button component="label" variant="outlined">
            {t('settings.uploadAvatar')}
            <input
              hidden
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              onChange={onAvatar}
            />
          </Button>
          {user.avatarFileId && (
            <Button onClick={() => void setAvatar(null)}>{t('settings.removeAvatar')}</Button>
          )}
        </Stack>
        {(['username', 'firstName', 'lastName', 'additionalName'] as const).map((name) => (
          <TextField
            key={name}
            name={name}
            label={t(`users.${name}`)}
            value={form.values[name]}
            onChange={form.handleChange}
            onBlur={form.handleBlur}
            error={Boolean(fieldError(name))}
            helperText={fieldError(name)}
          />
        ))}
        <Box>
          <Button type="submit" variant="contained" disabled={form.isSubmitting}>
            {t('common.save')}
          </Button>
        </Box>
      </Stack>
    </Section>
  );
}

const passwordSchema = yup.object({
  password: newPasswordSchema,
  repeatPassword: yup
    .string()
    .required('validation.required')
    .oneOf([yup.ref('password')], 'validation.passwordsDiffer'),
});

function PasswordSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const change = useGraphQLMutation(AdminChangePasswordDocument, ['User']);
  const [status, setStatus] = useState<Status>({});
  const form = useFormik({
    initialValues: { password: '', repeatPassword: '' },
    validationSchema: passwordSchema,
    onSubmit: async (values, helpers) => {
      setStatus({});
      try {
        await change.mutateAsync({ userId: user.id, password: values.password });
        helpers.resetForm();
        setStatus({ ok: 'users.passwordSet' });
      } catch (error) {
        setStatus({ error });
      }
    },
  });
  const fieldError = (name: keyof typeof form.values) =>
    form.touched[name] && form.errors[name] ? t(String(form.errors[name])) : undefined;
  return (
    <Section title={t('users.setPassword')}>
      <Stack
        component="form"
        spacing={2}
        onSubmit={form.handleSubmit}
        noValidate
        data-testid="user-password"
      >
        <StatusAlert status={status} />
        {(['password', 'repeatPassword'] as const).map((name) => (
          <PasswordField
            key={name}
            name={name}
            autoComplete="new-password"
            label={t(name === 'password' ? 'users.newPassword' : 'users.repeatPassword')}
            value={form.values[name]}
            onChange={form.handleChange}
            onBlur={form.handleBlur}
            error={Boolean(fieldError(name))}
            helperText={fieldError(name)}
          />
        ))}
        <Box>
          <Button type="submit" variant="contained" disabled={form.isSubmitting}>
            {t('users.setPassword')}
          </Button>
        </Box>
      </Stack>
    </Section>
  );
}

function ActivitySection({ user }: { user: User }) {
  const { t } = useTranslation();
  const { user: me } = useSession();
  const setActive = useGraphQLMutation(SetUserActiveDocument, ['User', 'Account']);
  const [status, setStatus] = useState<Status>({});
  const toggle = async () => {
    setStatus({});
    try {
      await setActive.mutateAsync({ userId: user.id, isActive: !user.isActive });
    } catch (error) {
      setStatus({ error });
    }
  };
  return (
    <Section title={t('users.activity')}>
      <Stack spacing={2}>
        <StatusAlert status={status} />
        <Typography color="text.secondary">
          {t(user.isActive ? 'users.activeHelp' : 'users.inactiveHelp')}
        </Typography>
        <Box>
          <Button
            variant="outlined"
            color={user.isActive ? 'error' : 'primary'}
            onClick={() => void toggle()}
            disabled={setActive.isPending || (user.isActive === true && me?.id === user.id)}
            data-testid={user.isActive ? 'deactivate' : 'activate'}
          >
            {t(user.isActive ? 'users.deactivate' : 'users.activate')}
          </Button>
        </Box>
      </Stack>
    </Section>
  );
}

/** /admin/users/{id}: profile, activation, password and the user's accounts. */
export default function UserPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const query = useGraphQLQuery(UserDetailsDocument, { id }, { reads: ['User'] });
  const user = query.data?.userById;
  return (
    <Box sx={{ p: 3 }}>
      <Button component={Link} to="/admin/users" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {t('titles.users')}
      </Button>
      {!user && (
        <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-testid="page-title">
          {t('titles.users')}
        </Typography>
      )}
      {query.error ? (
        <Alert severity="error">{errorMessage(t, query.error)}</Alert>
      ) : query.data && !user ? (
        <Alert severity="warning" data-testid="user-not-found">
          {t('errors.codes.UserNotFound')}
        </Alert>
      ) : user ? (
        <>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
            <Typography variant="h5" component="h1" data-testid="page-title">
              {user.displayName ?? user.username}
            </Typography>
            <Typography color="text.secondary">{user.username}</Typography>
            <Chip
              size="small"
              color={user.isActive ? 'success' : 'default'}
              label={t(user.isActive ? 'users.active' : 'users.inactive')}
              data-testid="user-state"
            />
            <Typography variant="body2" color="text.secondary">
              {t('users.createdOn', { date: formatDateTime(user.createdAt, i18n.language) })}
            </Typography>
          </Stack>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <ProfileSection user={user} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Stack spacing={2}>
                <ActivitySection user={user} />
                <PasswordSection user={user} />
              </Stack>
            </Grid>
            <Grid size={12}>
              <Section title={t('users.accounts')}>
                <AccountsEditor userId={user.id} />
              </Section>
            </Grid>
          </Grid>
        </>
      ) : null}
    </Box>
  );
}
