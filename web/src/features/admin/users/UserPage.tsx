import { ArrowBack } from '@mui/icons-material';
import { Alert, Box, Button, Chip, Grid, Paper, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { PasswordForm } from '../../settings/profile/PasswordForm.tsx';
import { ProfileForm } from '../../settings/profile/ProfileForm.tsx';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../api/errors.ts';
import {
  AdminChangePasswordDocument,
  SetUserActiveDocument,
  UpdateUserDocument,
  UserDetailsDocument,
  type UserDetailsQuery,
} from '../../../api/generated.ts';
import { useGraphQLMutation, useGraphQLQuery } from '../../../api/hooks.ts';
import { formatDateTime } from '../../../components/format.ts';
import { useSession } from '../../../session/useSession.ts';
import { AccountsEditor } from '../../settings/accounts/AccountsEditor.tsx';

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

function ProfileSection({ user }: { user: User }) {
  const update = useGraphQLMutation(UpdateUserDocument, ['User']);
  return (
    <ProfileForm
      user={{
        ...user,
        username: user.username ?? '',
        additionalName: user.additionalName ?? '',
      }}
      title="users.profile"
      testId="user-profile"
      usernameEditable
      savedText="users.saved"
      save={(values) =>
        update.mutateAsync({
          id: user.id,
          patch: { ...values, additionalName: values.additionalName || null },
        })
      }
      setAvatar={(avatarFileId) => update.mutateAsync({ id: user.id, patch: { avatarFileId } })}
    />
  );
}

function PasswordSection({ user }: { user: User }) {
  const change = useGraphQLMutation(AdminChangePasswordDocument, ['User']);
  return (
    <PasswordForm
      own={false}
      title="users.setPassword"
      testId="user-password"
      newName="password"
      labels={{
        newPassword: 'users.newPassword',
        repeatPassword: 'users.repeatPassword',
        submit: 'users.setPassword',
        done: 'users.passwordSet',
      }}
      change={(values) => change.mutateAsync({ userId: user.id, password: values.newPassword })}
    />
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
