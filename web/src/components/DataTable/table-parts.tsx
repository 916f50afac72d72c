// The parts around a list's grid: filter chips, the selection line, the footer.
import { Box, Button, Chip, Stack, TablePagination, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatRowCount } from '../format.ts';
import { selectionSummary } from './selection-summary.ts';
import { PAGE_SIZES } from './table-state.ts';
import { useDrawnAfterFirstRender } from './drawn-after-rows.tsx';

/**
 * MUI's TablePagination's height (its toolbar's): kept while the pagination, with its page-size
 * select, is drawn right after the screen (drawn-after-rows.tsx), so the rows do not wait for it.
 */
const PAGINATION_HEIGHT = 52;

export interface FilterChip {
  id: string;
  label: string;
  onRemove: () => void;
}

export interface SummaryFields<Row> {
  amount: keyof Row & string;
  total: keyof Row & string;
  currency?: string;
}

export function FilterChips({ chips }: { chips?: FilterChip[] }) {
  if (!chips || chips.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }} data-testid="filter-chips">
      {chips.map((chip) => (
        <Chip key={chip.id} label={chip.label} onDelete={chip.onRemove} />
      ))}
    </Stack>
  );
}

export function SelectionLine<Row>(props: {
  selected: Row[];
  summary?: SummaryFields<Row>;
  onClear: () => void;
  bulkActions?: (selected: Row[]) => ReactNode;
  /** Offered beside the count: e.g. "select all N matching". */
  offer?: ReactNode;
}) {
  const { t } = useTranslation();
  if (props.selected.length === 0) return null;
  return (
    <Box sx={{ mb: 1 }} data-testid="selection-summary">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2">
          {t('table.selected', { count: props.selected.length })}
        </Typography>
        {props.summary && <SummaryLine selected={props.selected} fields={props.summary} />}
        <Button size="small" onClick={props.onClear}>
          {t('table.deselectAll')}
        </Button>
        {props.offer}
      </Stack>
      {props.bulkActions?.(props.selected)}
    </Box>
  );
}

function SummaryLine<Row>({ selected, fields }: { selected: Row[]; fields: SummaryFields<Row> }) {
  const { t, i18n } = useTranslation();
  const summary = selectionSummary(selected, fields.amount, fields.total);
  const money = (value: string) => formatMoney(value, i18n.language, fields.currency);
  return (
    <Typography variant="body2" data-testid="summary-values">
      {t('table.sum')}: {money(summary.amount)} · {t('table.vat')}: {money(summary.vat)} ·{' '}
      {t('table.total')}: {money(summary.total)}
    </Typography>
  );
}

export function TableFooter(props: {
  usdNote?: boolean;
  /** undefined while the list's first page loads: no count yet, and no paging. */
  totalCount: number | undefined;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const drawn = useDrawnAfterFirstRender();
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', justifyContent: props.usdNote ? 'space-between' : 'flex-end' }}
    >
      {props.usdNote && (
        <Typography variant="caption" color="text.secondary" data-testid="usd-note">
          {t('table.usdNote')}
        </Typography>
      )}
      {drawn ? (
        <TablePagination
          component="div"
          count={props.totalCount ?? -1}
          disabled={props.totalCount === undefined}
          page={props.page}
          onPageChange={(_e, page) => props.onPageChange(page)}
          rowsPerPage={props.pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onRowsPerPageChange={(e) => props.onPageSizeChange(Number(e.target.value))}
          labelRowsPerPage={t('table.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) =>
            count === -1
              ? ''
              : t('table.displayedRows', {
                  from,
                  to,
                  count: formatRowCount(count, i18n.language, t),
                })
          }
          getItemAriaLabel={(type) => t(`table.${type}Page`)}
          data-testid="pagination"
        />
      ) : (
        <Box sx={{ height: PAGINATION_HEIGHT }} data-testid="pagination-outline" />
      )}
    </Stack>
  );
}
