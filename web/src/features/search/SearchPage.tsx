import { Search } from '@mui/icons-material';
import {
  Alert,
  Box,
  InputAdornment,
  LinearProgress,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/errors.ts';
import { groupHits } from './links.ts';
import { SearchResults } from './SearchResults.tsx';
import { SEARCH_DEBOUNCE_MS, useDebounced, useGlobalSearch } from './useGlobalSearch.ts';

/** What the page shows of each kind. */
const PAGE_PER_KIND = 50;

/**
 * /search?q=…: the global search with every group (up to 50 of each kind). The text is in the URL
 * (replaced as one types), so a search can be linked, reloaded and gone back to.
 */
export default function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const settled = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const search = useGlobalSearch(text, PAGE_PER_KIND);

  // The URL follows the text once typing pauses; a changed URL (Back, a link) sets the text.
  useEffect(() => {
    if ((params.get('q') ?? '') !== settled.trim())
      setParams(settled.trim() ? { q: settled.trim() } : {}, { replace: true });
  }, [settled]);
  const fromUrl = params.get('q') ?? '';
  useEffect(() => {
    setText((current) => (current.trim() === fromUrl ? current : fromUrl));
  }, [fromUrl]);

  const groups = groupHits(search.hits);
  return (
    <Box sx={{ p: 3, maxWidth: 1008 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('table.lists.costSearch')}
      </Typography>
      <TextField
        autoFocus
        fullWidth
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('search.placeholder')}
        helperText={t('search.hint')}
        slotProps={{
          htmlInput: {
            'aria-label': t('table.lists.costSearch'),
            'data-testid': 'search-page-input',
          },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search />
              </InputAdornment>
            ),
          },
        }}
      />
      <Box sx={{ height: 4, my: 1 }}>
        {search.loading && <LinearProgress aria-label={t('table.loading')} />}
      </Box>
      {search.error ? (
        <Alert severity="error">{errorMessage(t, search.error)}</Alert>
      ) : search.searched !== undefined && groups.length === 0 && !search.loading ? (
        <Typography color="text.secondary" data-testid="search-empty">
          {t('search.nothing', { text: search.searched })}
        </Typography>
      ) : groups.length > 0 ? (
        <Paper variant="outlined">
          <SearchResults hits={groups.flatMap((group) => group.hits)} counts />
          {groups.some((group) => group.hits.length >= PAGE_PER_KIND) && (
            <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
              {t('search.more', { count: PAGE_PER_KIND })}
            </Typography>
          )}
        </Paper>
      ) : null}
    </Box>
  );
}
