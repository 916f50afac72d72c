import type { GridApi } from 'ag-grid-community';
import { useEffect, type RefObject } from 'react';

/**
 * Page-wide shortcuts, wherever the focus is, except while typing in a field: Alt+A selects the
 * rows shown, Ctrl+Q clears the selection, Ctrl+I copies the id of the focused (or first
 * selected) row.
 */
export function useGridShortcuts<Row extends { id: string | number }>(
  apiRef: RefObject<GridApi<Row> | null>,
  clearSelection: () => void,
  selected: Row[],
) {
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const api = apiRef.current;
      if (!api) return;
      const key = event.key.toLowerCase();
      if (event.ctrlKey && key === 'q') {
        event.preventDefault();
        clearSelection();
      } else if (event.altKey && key === 'a') {
        event.preventDefault();
        api.selectAll();
      } else if (event.ctrlKey && key === 'i') {
        const focused = api.getFocusedCell();
        const row = focused ? api.getDisplayedRowAtIndex(focused.rowIndex)?.data : selected[0];
        if (!row) return;
        event.preventDefault();
        void navigator.clipboard?.writeText(String(row.id));
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [apiRef, clearSelection, selected]);
}
