import {
  Alert,
  Avatar,
  Box,
  Button,
  Grid,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useFormik } from 'formik';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as yup from 'yup';
import { ApiError } from '../../api/client.ts';
import { errorMessage } from '../../api/errors.ts';
import { ChangePasswordDocument, UpdateProfileDocument } from '../../api/generated.ts';
import { useGraphQLMutation } from '../../api/hooks.ts';
import { uploadFiles } from '../../api/storage.ts';
import { api, sessionStore } from '../../app/services.ts';
import { PasswordField } from '../../components/PasswordField.tsx';
import { useSession } from '../../session/useSession.ts';
import { AccountsEditor } from './accounts/AccountsEditor.tsx';
import { useAvatarUrl } from './avatar.ts';
import { changePasswordSchema } from './password-rules.ts';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h6" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function ProfileSection() {
  const { t } = useTranslation();
  const { user } = useSession();
  const updateProfile = useGraphQLMutation(UpdateProfileDocument, ['User']);
  const [status, setStatus] = useState<{ ok?: boolean; error?: unknown }>({});
  const avatarUrl = useAvatarUrl(user?.avatarFileId);
  const form = useFormik({
    initialValues: {
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      additionalName: user?.additionalName ?? '',
    },
    enableReinitialize: true,
    validationSchema: yup.object({
      firstName: yup.string().trim().required('validation.required'),
      lastName: yup.string().trim().required('validation.required'),
      additionalName: yup.string().trim(),
    }),
    onSubmit: async (values) => {
      setStatus({});
      try {
        await updateProfile.mutateAsync({
          input: {
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            additionalName: values.additionalName.trim() || null,
          },
        });
        await sessionStore.load();
        setStatus({ ok: true });
      } catch (error) {
        setStatus({ error });
      }
    },
  });

  const onAvatar = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setStatus({});
    try {
      const [fileId] = await uploadFiles(api, [file]);
      if (typeof fileId !== 'string')
        throw new ApiError('http', 'FileIdNotReceived', 'File id not received');
      await api.request(UpdateProfileDocument, { input: { avatarFileId: fileId } });
      await sessionStore.load();
      setStatus({ ok: true });
    } catch (error) {
      setStatus({ error });
    }
  };

  const fieldError = (name: keyof typeof form.values) =>
    form.touched[name] && form.errors[name] ? t(String(form.errors[name])) : undefined;

  return (
    <Section title={t('settings.profile')}>
      <Stack
        component="form"
        spacing={2}
        onSubmit={form.handleSubmit}
        noValidate
        data-testid="profile-form"
      >
        {status.ok && <Alert severity="success">{t('settings.saved')}</Alert>}
        {status.error !== undefined && (
          <Alert severity="error">{errorMessage(t, status.error)}</Alert>
        )}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar
            src={avatarUrl}
            alt={t('settings.avatarOf', { name: user?.displayName ?? user?.username ?? '' })}
            sx={{ width: 64, height: 64 }}
          >
            {user?.firstName?.[0]}
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
          {user?.avatarFileId && (
            <Button
              onClick={async () => {
                await api.request(UpdateProfileDocument, { input: { avatarFileId: null } });
                await sessionStore.load();
              }}
            >
              {t('settings.removeAvatar')}
            </Button>
          )}
        </Stack>
        <TextField label={t('user.username')} value={user?.username ?? ''} disabled />
        {(['firstName', 'lastName', 'additionalName'] as const).map((name) => (
          <TextField
            key={name}
            name={name}
            label={t(`user.${name}`)}
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

function PasswordSection() {
  const { t } = useTranslation();
  const changePassword = useGraphQLMutation(ChangePasswordDocument, ['User']);
  const [status, setStatus] = useState<{ ok?: boolean; error?: unknown }>({});
  const form = useFormik({
    initialValues: { oldPassword: '', newPassword: '', repeatPassword: '' },
    validationSchema: changePasswordSchema,
    onSubmit: async (values, helpers) => {
      setStatus({});
      try {
        await changePassword.mutateAsync({
          oldPassword: values.oldPassword,
          newPassword: values.newPassword,
        });
        helpers.resetForm();
        setStatus({ ok: true });
      } catch (error) {
        setStatus({ error });
      }
    },
  });
  const fieldError = (name: keyof typeof form.values) =>
    form.touched[name] && form.errors[name] ? t(String(form.errors[name])) : undefined;
  return (
    <Section title={t('settings.changePassword')}>
      <Stack
        component="form"
        spacing={2}
        onSubmit={form.handleSubmit}
        noValidate
        data-testid="password-form"
      >
        {status.ok && <Alert severity="success">{t('settings.passwordChanged')}</Alert>}
        {status.error !== undefined && (
          <Alert severity="error">
            {status.error instanceof ApiError && status.error.code === 'invalid_password'
              ? t('settings.currentPasswordInvalid')
              : errorMessage(t, status.error)}
          </Alert>
        )}
        {(
          [
            ['oldPassword', 'current-password'],
            ['newPassword', 'new-password'],
            ['repeatPassword', 'new-password'],
          ] as const
        ).map(([name, autoComplete]) => (
          <PasswordField
            key={name}
            name={name}
            autoComplete={autoComplete}
            label={t(`settings.${name}`)}
            value={form.values[name]}
            onChange={form.handleChange}
            onBlur={form.handleBlur}
            error={Boolean(fieldError(name))}
            helperText={fieldError(name)}
          />
        ))}
        <Box>
          <Button type="submit" variant="contained" disabled={form.isSubmitting}>
            {t('settings.changePassword')}
          </Button>
        </Box>
      </Stack>
    </Section>
  );
}

/** Account management (SPEC §2): read-only without admin:user, except the main account. */
function AccountsSection() {
  const { t } = useTranslation();
  const { user, permissions } = useSession();
  return (
    <Section title={t('settings.accounts')}>
      {user && permissions.adminUser && (
        <Button component={Link} to={`/admin/users/${user.id}`} sx={{ mb: 2 }}>
          {t('users.adminEdit')}
        </Button>
      )}
      {user && <AccountsEditor userId={user.id} />}
    </Section>
  );
}

export default function UserSettingsPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-testid="page-title">
        {t('titles.userSettings')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ProfileSection />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PasswordSection />
        </Grid>
        <Grid size={12}>
          <AccountsSection />
        </Grid>
      </Grid>
    </Box>
  );
}
