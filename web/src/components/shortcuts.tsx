// A table's keyboard shortcuts (SPEC §2) and what they say they did (keys: shortcut-keys.ts).
import { Alert, Snackbar } from '@mui/material';
import type { GridApi } from 'ag-grid-community';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { shortcutOf } from './shortcut-keys.ts';

/**
 * A table's page-wide shortcuts, wherever the focus is except in a field: Alt+A selects the rows
 * shown and says how many match in all, Ctrl+Q clears the selection, Ctrl+I copies the id of the
 * focused (or first selected) row and says so. Returns the message to show.
 */
export function useTableShortcuts<Row extends { id: string | number }>(options: {
  api: () => GridApi<Row> | undefined;
  selected: Row[];
  clearSelection: () => void;
  shownCount: number;
  totalCount: number;
  /** The total as the table says it ("более чем 1 000"). */
  totalLabel: string;
}): ReactNode {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<string>();
  const { api, selected, clearSelection, shownCount, totalCount, totalLabel } = options;
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const grid = api();
      if (!grid) return;
      const shortcut = shortcutOf(event);
      if (shortcut === 'clearSelection') {
        event.preventDefault();
        clearSelection();
      } else if (shortcut === 'selectPage') {
        event.preventDefault();
        grid.selectAll();
        setNotice(
          totalCount > shownCount
            ? t('shortcuts.selectedPage', { count: shownCount, total: totalLabel })
            : t('shortcuts.selectedAll', { count: shownCount }),
        );
      } else if (shortcut === 'copyId') {
        const focused = grid.getFocusedCell();
        const row = focused ? grid.getDisplayedRowAtIndex(focused.rowIndex)?.data : selected[0];
        if (!row) return;
        event.preventDefault();
        const id = String(row.id);
        void navigator.clipboard
          ?.writeText(id)
          .then(() => setNotice(t('shortcuts.copied', { id })))
          .catch(() => setNotice(t('shortcuts.copyFailed')));
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [api, clearSelection, selected, shownCount, totalCount, totalLabel, t]);
  return (
    <Snackbar
      open={notice !== undefined}
      autoHideDuration={4000}
      onClose={() => setNotice(undefined)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity="info" onClose={() => setNotice(undefined)} data-testid="shortcut-notice">
        {notice}
      </Alert>
    </Snackbar>
  );
}
