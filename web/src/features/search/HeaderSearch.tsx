import { Search } from '@mui/icons-material';
import { Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchDialog } from './SearchDialog.tsx';

/** Whether a key press is Ctrl+K (⌘K): by the key's position, so any keyboard layout works. */
export function isSearchShortcut(
  event: Pick<KeyboardEvent, 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
): boolean {
  return (
    (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.code === 'KeyK'
  );
}

/** The header's search field: opens the global search (also with Ctrl+K, anywhere). */
export function HeaderSearch() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <Box
        component="button"
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="header-search"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          width: 240,
          height: 36,
          px: 1.5,
          mr: 1,
          border: 1,
          borderColor: 'rgba(255,255,255,0.4)',
          borderRadius: 1,
          bgcolor: 'rgba(255,255,255,0.12)',
          color: 'inherit',
          font: 'inherit',
          cursor: 'text',
          '&:hover': { bgcolor: 'rgba(255,255,255,0.2)' },
          '&:focus-visible': { outline: '2px solid #fff', outlineOffset: 2 },
        }}
      >
        <Search fontSize="small" />
        <Typography variant="body2" sx={{ flexGrow: 1, textAlign: 'left' }} noWrap>
          {t('table.lists.costSearch')}
        </Typography>
        <Typography
          variant="caption"
          component="kbd"
          sx={{ border: 1, borderColor: 'rgba(255,255,255,0.5)', borderRadius: 0.5, px: 0.5 }}
        >
          {t('search.shortcut')}
        </Typography>
      </Box>
      <SearchDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
