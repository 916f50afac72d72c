import { Add } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errors.ts';
import {
  AccountOptionsDocument,
  CreateAccountDocument,
  DeleteAccountDocument,
  SetDefaultAccountDocument,
  UpdateAccountDocument,
  UpdateAccountProjectsDocument,
  UpdateAccountScopesDocument,
  UpdateAccountSubsidiariesDocument,
  UserAccountsDocument,
} from '../../../api/generated.ts';
import { useGraphQLMutation, useGraphQLQuery } from '../../../api/hooks.ts';
import { sessionStore } from '../../../app/services.ts';
import { useSession } from '../../../session/useSession.ts';
import { AccountCard, draftOf, type AccountDraft, type AccountRow } from './AccountCard.tsx';

const diff = (from: string[], to: string[]) => ({
  add: to.filter((x) => !from.includes(x)),
  remove: from.filter((x) => !to.includes(x)),
});

/**
 * A user's accounts (SPEC §2 account management), in user settings and on the admin user page.
 * Editable with admin:user; otherwise read-only, with only the choice of one's own main account.
 */
export function AccountsEditor(props: { userId: string }) {
  const { t } = useTranslation();
  const { user, permissions, currentAccount } = useSession();
  const editable = permissions.adminUser;
  const own = user?.id === props.userId;
  const accounts = useGraphQLQuery(
    UserAccountsDocument,
    { userId: props.userId },
    { reads: ['Account', 'Role'] },
  );
  const options = useGraphQLQuery(
    AccountOptionsDocument,
    {},
    { reads: ['Company', 'Project', 'Role'] },
  );
  const changes = ['Account', 'User'] as const;
  const update = useGraphQLMutation(UpdateAccountDocument, changes);
  const updateScopes = useGraphQLMutation(UpdateAccountScopesDocument, changes);
  const updateSubsidiaries = useGraphQLMutation(UpdateAccountSubsidiariesDocument, changes);
  const updateProjects = useGraphQLMutation(UpdateAccountProjectsDocument, changes);
  const remove = useGraphQLMutation(DeleteAccountDocument, changes);
  const setDefault = useGraphQLMutation(SetDefaultAccountDocument, changes);
  const [adding, setAdding] = useState(false);

  /** One's own session follows a change to one's own accounts (permissions, main account). */
  const after = async () => {
    if (own) await sessionStore.load();
  };

  const save = async (account: AccountRow, draft: AccountDraft) => {
    const before = draftOf(account);
    const pattern = draft.pattern.trim() || null;
    if (
      draft.name.trim() !== before.name ||
      draft.roleId !== before.roleId ||
      pattern !== (before.pattern.trim() || null)
    ) {
      await update.mutateAsync({
        id: account.id,
        patch: { name: draft.name.trim(), roleId: draft.roleId, accessPatternProjects: pattern },
      });
    }
    const scopes = diff(before.scopes, draft.scopes);
    if (scopes.add.length || scopes.remove.length) {
      const removeIds = account.accountsScopes.nodes.flatMap((s) =>
        s && scopes.remove.includes(s.scope) ? [s.id] : [],
      );
      await updateScopes.mutateAsync({ accountId: account.id, add: scopes.add, removeIds });
    }
    const subsidiaries = diff(before.subsidiaryIds, draft.subsidiaryIds);
    if (subsidiaries.add.length || subsidiaries.remove.length)
      await updateSubsidiaries.mutateAsync({ accountId: account.id, ...subsidiaries });
    const projects = diff(before.projectIds, draft.projectIds);
    if (projects.add.length || projects.remove.length)
      await updateProjects.mutateAsync({ accountId: account.id, ...projects });
    await after();
  };

  const rows = (accounts.data?.allAccounts?.nodes ?? [])
    .flatMap((a) => (a ? [a] : []))
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name));

  return (
    <Stack spacing={2} data-testid="accounts-editor">
      {!editable && <Typography color="text.secondary">{t('accounts.readOnlyHelp')}</Typography>}
      {accounts.error && <Alert severity="error">{errorMessage(t, accounts.error)}</Alert>}
      {rows.map((account) => (
        <AccountCard
          key={account.id}
          account={account}
          options={options.data}
          onSave={editable ? (draft) => save(account, draft) : undefined}
          onDelete={
            // The account in use cannot be deleted (the database refuses it too).
            editable && account.id !== currentAccount?.id
              ? async () => {
                  await remove.mutateAsync({ id: account.id });
                  await after();
                }
              : undefined
          }
          onMakeMain={
            editable || own
              ? async () => {
                  await setDefault.mutateAsync({ accountId: account.id, userId: props.userId });
                  await after();
                }
              : undefined
          }
        />
      ))}
      {!accounts.isLoading && !rows.length && (
        <Typography color="text.secondary">{t('accounts.none')}</Typography>
      )}
      {editable && (
        <Box>
          <Button startIcon={<Add />} onClick={() => setAdding(true)} data-testid="add-account">
            {t('accounts.add')}
          </Button>
        </Box>
      )}
      {adding && (
        <NewAccountDialog
          userId={props.userId}
          roles={(options.data?.allRoles?.nodes ?? []).flatMap((r) => (r ? [r] : []))}
          onClose={() => setAdding(false)}
          onCreated={after}
        />
      )}
    </Stack>
  );
}

function NewAccountDialog(props: {
  userId: string;
  roles: { id: string; name: string }[];
  onClose: () => void;
  onCreated: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const create = useGraphQLMutation(CreateAccountDocument, ['Account', 'User']);
  const [name, setName] = useState('');
  const [roleId, setRoleId] = useState('');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const submit = async () => {
    setTouched(true);
    if (!name.trim() || !roleId) return;
    setFailure(undefined);
    try {
      await create.mutateAsync({ account: { name: name.trim(), roleId, userId: props.userId } });
      await props.onCreated();
      props.onClose();
    } catch (error) {
      setFailure(error);
    }
  };
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('accounts.create')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }} data-testid="account-dialog">
          {failure !== undefined && <Alert severity="error">{errorMessage(t, failure)}</Alert>}
          <TextField
            label={t('resources.accounts.fields.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={touched && !name.trim()}
            helperText={touched && !name.trim() ? t('validation.required') : undefined}
            slotProps={{ htmlInput: { 'data-testid': 'new-account-name' } }}
          />
          <FormControl error={touched && !roleId}>
            <InputLabel id="new-account-role">{t('resources.roles.name')}</InputLabel>
            <Select
              labelId="new-account-role"
              label={t('resources.roles.name')}
              value={roleId}
              onChange={(event) => setRoleId(event.target.value)}
              data-testid="new-account-role"
            >
              {props.roles.map((role) => (
                <MenuItem key={role.id} value={role.id} data-option={role.name}>
                  {role.name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} data-testid="dialog-save">
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
