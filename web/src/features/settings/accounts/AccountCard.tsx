import { Delete, Star, StarBorder } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControl,
  FormHelperText,
  InputLabel,
  ListItemText,
  MenuItem,
  OutlinedInput,
  Paper,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errors.ts';
import {
  ProjectsMatchingDocument,
  type AccountOptionsQuery,
  type UserAccountsQuery,
} from '../../../api/generated.ts';
import { useGraphQLQuery } from '../../../api/hooks.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { CheckMark } from '../../../components/form/CheckMark.tsx';
import { ScopePicker, scopeLabel, type ScopeInfo } from '../../admin/roles/ScopePicker.tsx';
import { patternTokens } from './access-pattern.ts';

export type AccountRow = NonNullable<
  NonNullable<UserAccountsQuery['allAccounts']>['nodes'][number]
>;
type Options = NonNullable<AccountOptionsQuery>;

export interface AccountDraft {
  name: string;
  roleId: string;
  scopes: string[];
  subsidiaryIds: string[];
  projectIds: string[];
  pattern: string;
}

export function draftOf(account: AccountRow): AccountDraft {
  return {
    name: account.name,
    roleId: account.roleId,
    scopes: account.accountsScopes.nodes.flatMap((s) => (s ? [s.scope] : [])),
    subsidiaryIds: account.accountsSubsidiaries.nodes.flatMap((s) => (s ? [s.subsidiaryId] : [])),
    projectIds: account.accountsProjects.nodes.flatMap((p) => (p ? [p.projectId] : [])),
    pattern: account.accessPatternProjects ?? '',
  };
}

/** The pattern's matching projects, asked of the database while the pattern is typed. */
function usePatternPreview(pattern: string) {
  const [debounced, setDebounced] = useState(pattern);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(pattern.trim()), 300);
    return () => clearTimeout(timer);
  }, [pattern]);
  const valid = debounced !== '' && patternTokens(debounced).every((token) => token.valid);
  return useGraphQLQuery(
    ProjectsMatchingDocument,
    { pattern: debounced },
    { reads: ['Project'] },
    { enabled: valid },
  );
}

function MultiSelect(props: {
  label: string;
  helper: string;
  options: { id: string; label: string }[];
  value: string[];
  onChange?: (value: string[]) => void;
  testId: string;
}) {
  const labels = new Map(props.options.map((o) => [o.id, o.label]));
  const id = `${props.testId}-label`;
  return (
    <FormControl fullWidth size="small" disabled={!props.onChange}>
      <InputLabel id={id}>{props.label}</InputLabel>
      <Select<string[]>
        multiple
        labelId={id}
        value={props.value}
        onChange={(event) =>
          props.onChange?.(
            typeof event.target.value === 'string'
              ? event.target.value.split(',')
              : event.target.value,
          )
        }
        input={<OutlinedInput label={props.label} />}
        renderValue={(selected) => (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {selected.map((value) => (
              <Chip key={value} size="small" label={labels.get(value) ?? value} />
            ))}
          </Box>
        )}
        data-testid={props.testId}
      >
        {props.options.map((option) => (
          <MenuItem key={option.id} value={option.id} data-option={option.label}>
            <CheckMark checked={props.value.includes(option.id)} />
            <ListItemText primary={option.label} />
          </MenuItem>
        ))}
      </Select>
      {props.value.length === 0 && <FormHelperText>{props.helper}</FormHelperText>}
    </FormControl>
  );
}

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
  const preview = usePatternPreview(draft.pattern);
  const scopes: ScopeInfo[] = (options?.allScopes?.nodes ?? []).flatMap((s) => (s ? [s] : []));
  const roles = (options?.allRoles?.nodes ?? []).flatMap((r) => (r ? [r] : []));
  const roleScopes = (options?.allRoleScopes?.nodes ?? []).flatMap((s) =>
    s && s.roleId === draft.roleId ? [s.scope] : [],
  );
  // Options as the database lets this viewer see them, plus what the account already names.
  const subsidiaryOptions = new Map<string, string>();
  for (const s of options?.allSubsidiaries?.nodes ?? [])
    if (s) subsidiaryOptions.set(s.id, s.shortName || s.legalName);
  for (const s of account.accountsSubsidiaries.nodes)
    if (s?.subsidiary)
      subsidiaryOptions.set(s.subsidiaryId, s.subsidiary.shortName || s.subsidiary.legalName);
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
            label={t('accounts.name')}
            value={draft.name}
            disabled={!editable}
            onChange={(event) => set('name')?.(event.target.value)}
            error={nameMissing}
            helperText={nameMissing ? t('validation.required') : undefined}
            slotProps={{ htmlInput: { 'data-testid': 'account-name' } }}
          />
          <FormControl fullWidth size="small" disabled={!editable}>
            <InputLabel id={`role-${account.id}`}>{t('accounts.role')}</InputLabel>
            <Select
              labelId={`role-${account.id}`}
              label={t('accounts.role')}
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
        <Box>
          <TextField
            size="small"
            fullWidth
            label={t('accounts.pattern')}
            value={draft.pattern}
            disabled={!editable}
            onChange={(event) => set('pattern')?.(event.target.value)}
            error={invalid.length > 0}
            helperText={
              invalid.length
                ? t('accounts.invalidTokens', { tokens: invalid.map((x) => x.text).join(' ') })
                : t('accounts.patternHelp')
            }
            slotProps={{ htmlInput: { 'data-testid': 'account-pattern' } }}
          />
          {tokens.length > 0 && (
            <Stack
              direction="row"
              spacing={0.5}
              sx={{ mt: 1, flexWrap: 'wrap', gap: 0.5 }}
              data-testid="pattern-tokens"
            >
              {tokens.map((token, index) => (
                <Chip
                  key={`${token.text}-${index}`}
                  size="small"
                  variant={token.valid ? 'filled' : 'outlined'}
                  color={!token.valid ? 'error' : token.exclude ? 'secondary' : 'success'}
                  data-valid={token.valid}
                  label={`${
                    !token.valid
                      ? t('accounts.tokenInvalid')
                      : token.exclude
                        ? t('accounts.tokenExclude')
                        : t('accounts.tokenInclude')
                  }: ${token.exclude ? token.text.slice(1) : token.text}`}
                />
              ))}
            </Stack>
          )}
          {tokens.length > 0 && !invalid.length && (
            <Box sx={{ mt: 1 }} data-testid="pattern-preview">
              <Typography variant="body2" color="text.secondary">
                {t('accounts.preview', {
                  count: preview.data?.projectsMatchingAccessPattern?.totalCount ?? 0,
                })}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
                {(preview.data?.projectsMatchingAccessPattern?.nodes ?? []).map(
                  (project) =>
                    project && (
                      <Chip
                        key={project.id}
                        size="small"
                        variant="outlined"
                        label={`${project.name} (${project.accessKey})`}
                        data-access-key={project.accessKey}
                      />
                    ),
                )}
              </Stack>
            </Box>
          )}
        </Box>
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
            {t('accounts.effectiveScopes', {
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
