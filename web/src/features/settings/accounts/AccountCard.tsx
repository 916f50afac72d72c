import { Delete, Star, StarBorder } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControl,
  InputLabel,
  MenuItem,
  Paper,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errors.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ScopePicker, scopeLabel, type ScopeInfo } from '../../admin/roles/ScopePicker.tsx';
import { patternTokens } from './access-pattern.ts';
import { draftOf, type AccountDraft, type AccountRow, type Options } from './account-draft.ts';
import { MultiSelect, PatternField } from './AccountFields.tsx';
import { companyName } from '../../../components/names.ts';

export { draftOf, type AccountDraft, type AccountRow } from './account-draft.ts';

/**
 * One account (SPEC §2 account management): base role, additional scopes, allowed subsidiaries
 * and projects, the project-access pattern with its live preview, main account, delete.
 * Read-only without `onSave`.
 */
export function AccountCard(props: {
  account: AccountRow;
  options: Options | undefined;
  onSave?: (draft: AccountDraft) => Promise<void>;
  onDelete?: () => Promise<void>;
  onMakeMain?: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { account, options } = props;
  const initial = useMemo(() => draftOf(account), [account]);
  const [draft, setDraft] = useState(initial);
  useEffect(() => setDraft(initial), [initial]);
  const [status, setStatus] = useState<{ ok?: boolean; error?: unknown }>({});
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const editable = Boolean(props.onSave);
  const set = <K extends keyof AccountDraft>(key: K) =>
    editable ? (value: AccountDraft[K]) => setDraft((d) => ({ ...d, [key]: value })) : undefined;

  const tokens = patternTokens(draft.pattern);
  const invalid = tokens.filter((token) => !token.valid);
  const scopes: ScopeInfo[] = (options?.allScopes?.nodes ?? []).flatMap((s) => (s ? [s] : []));
  const roles = (options?.allRoles?.nodes ?? []).flatMap((r) => (r ? [r] : []));
  const roleScopes = (options?.allRoleScopes?.nodes ?? []).flatMap((s) =>
    s && s.roleId === draft.roleId ? [s.scope] : [],
  );
  // Options as the database lets this viewer see them, plus what the account already names.
  const subsidiaryOptions = new Map<string, string>();
  for (const s of options?.allSubsidiaries?.nodes ?? [])
    if (s) subsidiaryOptions.set(s.id, companyName(s));
  for (const s of account.accountsSubsidiaries.nodes)
    if (s?.subsidiary) subsidiaryOptions.set(s.subsidiaryId, companyName(s.subsidiary));
  const projectOptions = new Map<string, string>();
  for (const p of options?.allProjects?.nodes ?? [])
    if (p) projectOptions.set(p.id, `${p.name} (${p.accessKey})`);
  for (const p of account.accountsProjects.nodes)
    if (p?.project) projectOptions.set(p.projectId, `${p.project.name} (${p.project.accessKey})`);
  const changed = JSON.stringify(draft) !== JSON.stringify(initial);
  const nameMissing = draft.name.trim() === '';

  const save = async () => {
    if (!props.onSave || invalid.length || nameMissing) return;
    setBusy(true);
    setStatus({});
    try {
      await props.onSave(draft);
      setStatus({ ok: true });
    } catch (error) {
      setStatus({ error });
    } finally {
      setBusy(false);
    }
  };
  const run = async (action: (() => Promise<void>) | undefined) => {
    if (!action) return;
    setStatus({});
    try {
      await action();
    } catch (error) {
      setStatus({ error });
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="account-card" data-account={account.name}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1 }}>
            {account.name}
          </Typography>
          {account.isDefault ? (
            <Chip
              size="small"
              color="primary"
              icon={<Star />}
              label={t('accounts.main')}
              data-testid="main-account"
            />
          ) : (
            props.onMakeMain && (
              <Button
                size="small"
                startIcon={<StarBorder />}
                onClick={() => void run(props.onMakeMain)}
                data-testid="make-main"
              >
                {t('accounts.makeMain')}
              </Button>
            )
          )}
          {props.onDelete && (
            <Button
              size="small"
              color="error"
              startIcon={<Delete />}
              onClick={() => setConfirmDelete(true)}
              data-testid="delete-account"
            >
              {t('common.delete')}
            </Button>
          )}
        </Stack>
        {status.ok && <Alert severity="success">{t('accounts.saved')}</Alert>}
        {status.error !== undefined && (
          <Alert severity="error">{errorMessage(t, status.error)}</Alert>
        )}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            size="small"
            fullWidth
            label={t('resources.accounts.fields.name')}
            value={draft.name}
            disabled={!editable}
            onChange={(event) => set('name')?.(event.target.value)}
            error={nameMissing}
            helperText={nameMissing ? t('validation.required') : undefined}
            slotProps={{ htmlInput: { 'data-testid': 'account-name' } }}
          />
          <FormControl fullWidth size="small" disabled={!editable}>
            <InputLabel id={`role-${account.id}`}>{t('resources.roles.name')}</InputLabel>
            <Select
              labelId={`role-${account.id}`}
              label={t('resources.roles.name')}
              value={roles.some((r) => r.id === draft.roleId) ? draft.roleId : ''}
              onChange={(event) => set('roleId')?.(event.target.value)}
              data-testid="account-role"
            >
              {roles.map((role) => (
                <MenuItem key={role.id} value={role.id} data-option={role.name}>
                  {role.name}
                </MenuItem>
              ))}
              {!roles.some((r) => r.id === draft.roleId) && account.role && (
                <MenuItem value={account.roleId}>{account.role.name}</MenuItem>
              )}
            </Select>
          </FormControl>
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <MultiSelect
            testId="account-subsidiaries"
            label={t('accounts.subsidiaries')}
            helper={t('accounts.subsidiariesHelp')}
            options={[...subsidiaryOptions].map(([id, label]) => ({ id, label }))}
            value={draft.subsidiaryIds}
            onChange={set('subsidiaryIds')}
          />
          <MultiSelect
            testId="account-projects"
            label={t('accounts.projects')}
            helper={t('accounts.projectsHelp')}
            options={[...projectOptions].map(([id, label]) => ({ id, label }))}
            value={draft.projectIds}
            onChange={set('projectIds')}
          />
        </Stack>
        <PatternField
          pattern={draft.pattern}
          disabled={!editable}
          onChange={(pattern) => set('pattern')?.(pattern)}
        />
        <Box>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('accounts.additionalScopes')}
          </Typography>
          <ScopePicker
            testId="account-scopes"
            scopes={scopes}
            value={draft.scopes}
            granted={roleScopes}
            onChange={set('scopes')}
          />
        </Box>
        <Box>
          <Typography variant="body2" color="text.secondary" data-testid="effective-scopes">
            {t('resources.accounts.fields.effective_scopes', {
              scopes:
                (account.effectiveScopes ?? [])
                  .flatMap((scope) => (scope ? [scopeLabel(t, scope)] : []))
                  .join('; ') || '—',
            })}
          </Typography>
        </Box>
        {editable && (
          <Box>
            <Button
              variant="contained"
              disabled={!changed || busy || invalid.length > 0 || nameMissing}
              onClick={() => void save()}
              data-testid="save-account"
            >
              {t('common.save')}
            </Button>
          </Box>
        )}
      </Stack>
      <ConfirmDialog
        open={confirmDelete}
        title={t('common.delete')}
        text={t('accounts.deleteQuestion', { name: account.name })}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          void run(props.onDelete);
        }}
      />
    </Paper>
  );
}
