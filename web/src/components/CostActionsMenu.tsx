import { MoreVert } from '@mui/icons-material';
import { IconButton, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export const ORDER = [
  'approve',
  'reject',
  'return_to_approval',
  'edit',
  'delete',
  'force_delete',
] as const;
export type CostAction = (typeof ORDER)[number];

/** The actions a cost offers, in menu order: those its availableActions (the database) lists. */
export const costActions = (available: readonly (string | null)[] | null | undefined) =>
  ORDER.filter((action) => available?.includes(action));

/** A cost's actions in a menu, so that a row stays one line. */
export function CostActionsMenu(props: {
  actions: CostAction[];
  onAction: (action: CostAction) => void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (props.actions.length === 0) return null;
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('table.actions')}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="cost-actions"
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {props.actions.map((action) => (
          <MenuItem
            key={action}
            onClick={() => {
              setAnchor(null);
              props.onAction(action);
            }}
            sx={
              action === 'reject' || action === 'delete' || action === 'force_delete'
                ? { color: 'error.main' }
                : undefined
            }
            data-testid={`cost-${action}`}
          >
            {t(`invoices.costs.actions.${action}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
