import { Box, Button, Grid, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChangePasswordDocument, UpdateProfileDocument } from '../../api/generated.ts';
import { useGraphQLMutation } from '../../api/hooks.ts';
import { sessionStore } from '../../app/services.ts';
import { useSession } from '../../session/useSession.ts';
import { AccountsEditor } from './accounts/AccountsEditor.tsx';
import { PasswordForm } from './profile/PasswordForm.tsx';
import { ProfileForm } from './profile/ProfileForm.tsx';

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
  const { user } = useSession();
  const update = useGraphQLMutation(UpdateProfileDocument, ['User']);
  if (!user) return null;
  return (
    <ProfileForm
      user={{ ...user, additionalName: user.additionalName ?? '' }}
      title="users.profile"
      testId="profile-form"
      usernameEditable={false}
      savedText="records.profileSaved"
      save={async (values) => {
        await update.mutateAsync({
          input: {
            firstName: values.firstName,
            lastName: values.lastName,
            additionalName: values.additionalName || null,
          },
        });
        await sessionStore.load();
      }}
      setAvatar={async (avatarFileId) => {
        await update.mutateAsync({ input: { avatarFileId } });
        await sessionStore.load();
      }}
    />
  );
}

function PasswordSection() {
  const changePassword = useGraphQLMutation(ChangePasswordDocument, ['User']);
  return (
    <PasswordForm
      own
      title="settings.changePassword"
      testId="password-form"
      newName="newPassword"
      labels={{
        newPassword: 'users.newPassword',
        repeatPassword: 'settings.repeatPassword',
        submit: 'settings.changePassword',
        done: 'settings.passwordChanged',
      }}
      change={(values) => changePassword.mutateAsync(values)}
    />
  );
}

/** Account management (SPEC §2): read-only without admin:user, except the main account. */
function AccountsSection() {
  const { t } = useTranslation();
  const { user, permissions } = useSession();
  return (
    <Section title={t('users.accounts')}>
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
