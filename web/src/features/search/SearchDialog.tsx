import { Search } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogContent,
  InputAdornment,
  LinearProgress,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/errors.ts';
import { groupHits, hitLink, searchPageUrl } from './links.ts';
import { SearchResults } from './SearchResults.tsx';
import { useGlobalSearch } from './useGlobalSearch.ts';
import { useSession } from '../../session/useSession.ts';

/** Quick results: this many of each kind; the search page shows more. */
const QUICK_PER_KIND = 5;

interface SearchDialogProps {
  open: boolean;
  onClose: () => void;
  /** What was typed when it opened (e.g. the search page's text). */
  initialText?: string;
}

/**
 * The global search's quick results (Ctrl+K or the header's field): type, move with the arrow
 * keys, Enter opens the highlighted record, or the search page with every group when none is.
 */
export function SearchDialog({ open, onClose, initialText = '' }: SearchDialogProps) {
  return open ? <SearchDialogBody onClose={onClose} initialText={initialText} /> : null;
}

function SearchDialogBody({ onClose, initialText }: { onClose: () => void; initialText: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { permissions } = useSession();
  const [text, setText] = useState(initialText);
  const [active, setActive] = useState<number>();
  const search = useGlobalSearch(text, QUICK_PER_KIND);
  const ordered = groupHits(search.hits).flatMap((group) => group.hits);

  const go = (to: string) => {
    onClose();
    void navigate(to);
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (ordered.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) =>
        current === undefined
          ? step > 0
            ? 0
            : ordered.length - 1
          : (current + step + ordered.length) % ordered.length,
      );
    } else if (event.key === 'Enter' && text.trim()) {
      event.preventDefault();
      const hit = active === undefined ? undefined : ordered[active];
      go(hit ? hitLink(hit, permissions) : searchPageUrl(text));
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: 10 } } }}
      aria-label={t('table.lists.costSearch')}
      data-testid="search-dialog"
    >
      <Box sx={{ p: 2, pb: 1 }}>
        <TextField
          autoFocus
          fullWidth
          value={text}
          placeholder={t('search.placeholder')}
          onChange={(event) => {
            setText(event.target.value);
            setActive(undefined);
          }}
          onKeyDown={onKeyDown}
          slotProps={{
            htmlInput: {
              'aria-label': t('table.lists.costSearch'),
              'data-testid': 'search-dialog-input',
              role: 'combobox',
              'aria-expanded': ordered.length > 0,
              'aria-controls': 'search-dialog-results',
              'aria-activedescendant':
                active === undefined || !ordered[active]
                  ? undefined
                  : `search-hit-${ordered[active].kind}-${ordered[active].id}`,
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
      </Box>
      <Box sx={{ height: 4 }}>
        {search.loading && <LinearProgress aria-label={t('table.loading')} />}
      </Box>
      <DialogContent sx={{ pt: 0, minHeight: 120 }} id="search-dialog-results">
        {search.error ? (
          <Alert severity="error">{errorMessage(t, search.error)}</Alert>
        ) : !search.enabled ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {t('search.hint')}
          </Typography>
        ) : search.searched !== undefined && ordered.length === 0 && !search.loading ? (
          <Typography color="text.secondary" sx={{ py: 2 }} data-testid="search-empty">
            {t('search.nothing', { text: search.searched })}
          </Typography>
        ) : (
          <SearchResults hits={ordered} active={active} onOpen={onClose} />
        )}
      </DialogContent>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 3,
          py: 1,
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('search.keys')}
        </Typography>
        <Button
          disabled={!search.enabled}
          onClick={() => go(searchPageUrl(text))}
          data-testid="search-all"
        >
          {t('search.all')}
        </Button>
      </Box>
    </Dialog>
  );
}
