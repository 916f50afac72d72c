import {
  Box,
  Checkbox,
  Chip,
  FormHelperText,
  List,
  ListItem,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

export interface ScopeInfo {
  name: string;
  description: string;
  implies?: (string | null)[] | null;
}

/** i18n key of a scope's description (":" separates namespaces in i18next keys). */
export const scopeDescriptionKey = (name: string) =>
  `roles.scopeDescriptions.${name.replace(/:/g, '_')}`;

/** A scope in words ("Просмотр клиентов, поставщиков и компаний группы"), else its code. */
export const scopeLabel = (t: TFunction, name: string): string =>
  t(scopeDescriptionKey(name), { defaultValue: name });

/**
 * SPEC §6: a searchable list of scopes with each one's description and what it implies. A scope
 * that the chosen ones already grant says so. Read-only when `onChange` is absent.
 */
export function ScopePicker(props: {
  scopes: ScopeInfo[];
  value: string[];
  onChange?: (value: string[]) => void;
  error?: string;
  testId?: string;
  /** Scopes granted elsewhere (the account's role), shown as granted. */
  granted?: string[];
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const chosen = useMemo(() => new Set(props.value), [props.value]);
  const byName = useMemo(() => new Map(props.scopes.map((s) => [s.name, s])), [props.scopes]);
  /** Each scope granted by a chosen (or otherwise granted) one: which grants it. */
  const grantedBy = useMemo(() => {
    const map = new Map<string, string>();
    for (const name of [...(props.granted ?? []), ...props.value]) {
      if (!map.has(name)) map.set(name, name);
      for (const implied of byName.get(name)?.implies ?? []) {
        if (implied && !map.has(implied)) map.set(implied, name);
      }
    }
    return map;
  }, [props.value, props.granted, byName]);
  const needle = search.trim().toLowerCase();
  const shown = props.scopes.filter(
    (scope) =>
      !needle ||
      scope.name.toLowerCase().includes(needle) ||
      t(scopeDescriptionKey(scope.name), { defaultValue: scope.description })
        .toLowerCase()
        .includes(needle),
  );
  const toggle = (name: string) =>
    props.onChange?.(
      chosen.has(name) ? props.value.filter((s) => s !== name) : [...props.value, name].sort(),
    );
  return (
    <Box data-testid={props.testId}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 1 }} data-testid="chosen-scopes">
        {props.value.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('roles.noneChosen')}
          </Typography>
        )}
        {props.value.map((name) => (
          <Chip
            key={name}
            size="small"
            label={scopeLabel(t, name)}
            title={name}
            onDelete={props.onChange ? () => toggle(name) : undefined}
          />
        ))}
      </Box>
      {props.onChange && (
        <>
          <TextField
            size="small"
            fullWidth
            label={t('roles.searchScopes')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'scope-search' } }}
          />
          <List
            dense
            sx={{
              maxHeight: 320,
              overflow: 'auto',
              border: 1,
              borderColor: props.error ? 'error.main' : 'divider',
              borderRadius: 1,
              mt: 1,
            }}
          >
            {shown.map((scope) => {
              const by = grantedBy.get(scope.name);
              const viaOther = !chosen.has(scope.name) && by !== undefined;
              const inRole = viaOther && by === scope.name;
              const implies = (scope.implies ?? []).filter((s): s is string => Boolean(s));
              return (
                <ListItem key={scope.name} disablePadding data-scope={scope.name}>
                  <Box
                    component="label"
                    sx={{
                      display: 'flex',
                      alignItems: 'flex-start',
                      width: '100%',
                      px: 2,
                      py: 0.5,
                      cursor: props.onChange ? 'pointer' : 'default',
                      '&:hover': props.onChange ? { bgcolor: 'action.hover' } : undefined,
                    }}
                  >
                    <Checkbox
                      size="small"
                      checked={chosen.has(scope.name)}
                      indeterminate={viaOther}
                      disabled={!props.onChange}
                      onChange={() => toggle(scope.name)}
                      sx={{ mt: -0.5, mr: 1, ml: -1 }}
                    />
                    <ListItemText
                      primary={
                        <>
                          <Typography component="span" sx={{ fontFamily: 'monospace', mr: 1 }}>
                            {scope.name}
                          </Typography>
                          <Typography component="span" color="text.secondary">
                            {t(scopeDescriptionKey(scope.name), {
                              defaultValue: scope.description,
                            })}
                          </Typography>
                        </>
                      }
                      secondary={[
                        implies.length >= props.scopes.length - 1
                          ? t('roles.impliesAll')
                          : implies.length
                            ? t('roles.implies', { scopes: implies.join(', ') })
                            : '',
                        inRole
                          ? t('roles.inRole')
                          : viaOther
                            ? t('roles.grantedBy', { scope: by })
                            : '',
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                      sx={{ my: 0 }}
                    />
                  </Box>
                </ListItem>
              );
            })}
            {!shown.length && (
              <ListItem>
                <ListItemText secondary={t('roles.noScopesFound')} />
              </ListItem>
            )}
          </List>
        </>
      )}
      {props.error && <FormHelperText error>{props.error}</FormHelperText>}
    </Box>
  );
}
