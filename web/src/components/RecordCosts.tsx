import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CostActionsMenu, costActions, type CostAction } from './CostActionsMenu.tsx';
import { CostAttachments } from './files/CostAttachments.tsx';
import { COST_COLUMNS, type CostColumn, type RecordCost } from './record-cost-columns.tsx';

/** The actions stay in view when a narrow window scrolls the table sideways. */
const STICKY = { position: 'sticky', right: 0, bgcolor: 'background.paper' } as const;

/**
 * The costs of an invoice or a bill: the columns the page names (record-cost-columns.tsx), then,
 * if asked, an actions column with each cost's attachments and the actions the database offers
 * for it (its availableActions; `onAction` runs the chosen one).
 */
export function RecordCosts<Cost extends RecordCost>(props: {
  costs: readonly Cost[];
  columns: readonly CostColumn[];
  /** The record's currency for the amounts; without it each cost's own. */
  currency?: string;
  /** i18n key of the text shown when there are no costs. */
  empty: string;
  /** Show each cost's attachments (its fileCount) in the actions column. */
  attachments?: boolean;
  onAction?: (action: CostAction, cost: Cost) => void;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const context = { t, language: i18n.language, currency: props.currency };
  const { onAction } = props;
  const actionsColumn = Boolean(props.attachments || onAction);
  if (props.costs.length === 0)
    return (
      <Typography color="text.secondary" data-testid={props.testId}>
        {t(props.empty)}
      </Typography>
    );
  return (
    <Box sx={{ overflowX: 'auto' }} data-testid={props.testId}>
      <Table size="small" sx={{ '& td, & th': { px: 1 } }}>
        <TableHead>
          <TableRow>
            {props.columns.map((column) => (
              <TableCell key={column} align={COST_COLUMNS[column].numeric ? 'right' : undefined}>
                {t(COST_COLUMNS[column].header)}
              </TableCell>
            ))}
            {actionsColumn && (
              <TableCell align="right" sx={STICKY}>
                {t('table.actions')}
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {props.costs.map((cost) => (
            <TableRow key={cost.id} data-testid="cost-row" data-cost-id={cost.id}>
              {props.columns.map((column) => {
                const { numeric, nowrap, cell } = COST_COLUMNS[column];
                return (
                  <TableCell
                    key={column}
                    align={numeric ? 'right' : undefined}
                    sx={
                      numeric
                        ? { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }
                        : nowrap
                          ? { whiteSpace: 'nowrap' }
                          : undefined
                    }
                  >
                    {cell(cost, context)}
                  </TableCell>
                );
              })}
              {actionsColumn && (
                <TableCell align="right" sx={{ ...STICKY, whiteSpace: 'nowrap' }}>
                  {props.attachments && (
                    <CostAttachments costId={cost.id} count={cost.fileCount ?? 0} />
                  )}
                  {onAction && (
                    <CostActionsMenu
                      actions={costActions(cost.availableActions)}
                      onAction={(action) => onAction(action, cost)}
                    />
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
