import { ViewColumn } from '@mui/icons-material';
import { Button, Checkbox, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ChoosableColumn {
  field: string;
  header: string;
  hidden?: boolean;
}

const PREFIX = 'ledgerline.columns.';

/**
 * The columns shown: those not hidden by default, or the user's choice for this table kept in
 * this browser (a preference, not list state: it is not in the URL).
 */
export function useColumnChoice(
  key: string | undefined,
  columns: ChoosableColumn[],
): [Set<string>, (shown: Set<string>) => void] {
  const [shown, setShownState] = useState<Set<string>>(() => {
    const saved = key ? globalThis.localStorage?.getItem(PREFIX + key) : null;
    const fields = new Set(columns.map((column) => column.field));
    if (saved) {
      try {
        const chosen = (JSON.parse(saved) as string[]).filter((field) => fields.has(field));
        if (chosen.length > 0) return new Set(chosen);
      } catch {
        // An unreadable choice is forgotten.
      }
    }
    return new Set(columns.filter((column) => !column.hidden).map((column) => column.field));
  });
  const setShown = (next: Set<string>) => {
    setShownState(next);
    if (key) globalThis.localStorage?.setItem(PREFIX + key, JSON.stringify([...next]));
  };
  return [shown, setShown];
}

/** A menu of the table's columns with a box each; at least one column stays shown. */
export function ColumnChooser(props: {
  columns: ChoosableColumn[];
  shown: Set<string>;
  onChange: (shown: Set<string>) => void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        startIcon={<ViewColumn />}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="column-chooser"
      >
        {t('table.columns')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {props.columns.map((column) => {
          const checked = props.shown.has(column.field);
          return (
            <MenuItem
              key={column.field}
              dense
              disabled={checked && props.shown.size === 1}
              onClick={() => {
                const next = new Set(props.shown);
                if (checked) next.delete(column.field);
                else next.add(column.field);
                props.onChange(next);
              }}
            >
              <Checkbox size="small" checked={checked} sx={{ p: 0, mr: 1 }} />
              <ListItemText>{t(column.header)}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
