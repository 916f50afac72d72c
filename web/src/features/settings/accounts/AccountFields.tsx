import {
  Box,
  Chip,
  FormControl,
  FormHelperText,
  InputLabel,
  ListItemText,
  MenuItem,
  OutlinedInput,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProjectsMatchingDocument } from '../../../api/generated.ts';
import { useGraphQLQuery } from '../../../api/hooks.ts';
import { patternTokens } from './access-pattern.ts';
import { CheckMark } from '../../../components/form/CheckMark.tsx';

/** The pattern's matching projects, asked of the database while the pattern is typed. */
export function usePatternPreview(pattern: string) {
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

export function MultiSelect(props: {
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
 * The project-access pattern (`ops.* !ops.legacy`): each token shown as included, excluded or
 * invalid, and the projects it matches asked of the database while typing.
 */
export function PatternField(props: {
  pattern: string;
  disabled: boolean;
  onChange: (pattern: string) => void;
}) {
  const { t } = useTranslation();
  const tokens = patternTokens(props.pattern);
  const invalid = tokens.filter((token) => !token.valid);
  const preview = usePatternPreview(props.pattern);
  return (
    <Box>
      <TextField
        size="small"
        fullWidth
        label={t('accounts.pattern')}
        value={props.pattern}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value)}
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
  );
}
