// The columns a record page may show of its costs (an invoice's cost lines, a bill's re-billed
// costs): one header and one cell each, so a page names the columns it needs and nothing more.
import { Chip, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { CostApprovals } from './CostApprovals.tsx';
import { formatMoney } from './format.ts';
import { billingPeriod } from './names.ts';

/** A cost as a record page reads it; the optional fields are there when its query selects them. */
export interface RecordCost {
  id: number;
  name: string;
  status: string;
  period: number;
  year: number;
  amount: string;
  amountWVat: string;
  amountUsdWVat: string;
  currency?: string;
  vat?: string;
  toBill?: boolean;
  billId?: number | null;
  rejectReason?: string | null;
  costType?: { name: string } | null;
  project?: { name: string } | null;
  /** How many files are attached (the paperclip in the actions column). */
  fileCount?: number | null;
  /** What the reader may do with the cost, as the database says (the actions menu). */
  availableActions?: readonly (string | null)[] | null;
  approvalsNeeded?: number | null;
  firstApprovedByName?: string | null;
  approvedByName?: string | null;
}

export type CostColumn =
  | 'id'
  | 'name'
  | 'costType'
  | 'project'
  | 'period'
  | 'amount'
  | 'vat'
  | 'amountWVat'
  | 'amountUsdWVat'
  | 'status';

/** How a column's cells are written: the reader's translation and language, the record's currency. */
export interface CellContext {
  t: TFunction;
  language: string;
  /** The record's currency; without it each cost's own. */
  currency?: string;
}

interface ColumnSpec {
  /** i18n key of the header: the costs list's label, so a field is named alike everywhere. */
  header: string;
  /** Money and numbers: right-aligned, tabular digits, on one line. */
  numeric?: boolean;
  nowrap?: boolean;
  cell: (cost: RecordCost, context: CellContext) => ReactNode;
}

const money = (value: string, context: CellContext, cost: RecordCost, currency?: string) =>
  formatMoney(value, context.language, currency ?? context.currency ?? cost.currency);

export const COST_COLUMNS: Record<CostColumn, ColumnSpec> = {
  id: { header: 'costs.id', cell: (cost) => cost.id },
  name: { header: 'costs.name', cell: (cost, { t }) => <CostName cost={cost} t={t} /> },
  costType: { header: 'costs.costType', cell: (cost) => cost.costType?.name ?? '' },
  project: { header: 'costs.project', cell: (cost) => cost.project?.name ?? '' },
  period: {
    header: 'costs.period',
    nowrap: true,
    cell: (cost, { t }) => billingPeriod(t, cost.period, cost.year),
  },
  amount: {
    header: 'costs.amount',
    numeric: true,
    cell: (cost, context) => money(cost.amount, context, cost),
  },
  vat: {
    header: 'costs.vat',
    numeric: true,
    cell: (cost, { language }) => (cost.vat ? `${formatMoney(cost.vat, language)} %` : ''),
  },
  amountWVat: {
    header: 'costs.amountWVat',
    numeric: true,
    cell: (cost, context) => money(cost.amountWVat, context, cost),
  },
  amountUsdWVat: {
    header: 'costs.amountUsdWVat',
    numeric: true,
    cell: (cost, context) => money(cost.amountUsdWVat, context, cost, 'USD'),
  },
  status: {
    header: 'costs.status',
    cell: (cost, { t }) => (
      <>
        <Chip size="small" label={t(`statuses.${cost.status}`)} data-status={cost.status} />
        <CostApprovals cost={cost} />
      </>
    ),
  },
};

/** The cost's name, whether it is to be (or was) billed, and why it was rejected. */
function CostName({ cost, t }: { cost: RecordCost; t: TFunction }) {
  return (
    <>
      {cost.name}
      {cost.toBill && (
        <Chip
          size="small"
          variant="outlined"
          label={cost.billId ? t('costs.billed', { id: cost.billId }) : t('costs.toBill')}
          sx={{ ml: 1 }}
        />
      )}
      {cost.rejectReason && (
        <Typography variant="caption" color="error" sx={{ display: 'block' }}>
          {t('invoices.rejectedBecause', {
            reason:
              cost.rejectReason === 'invoice_rejected'
                ? t('invoices.costs.invoiceRejected')
                : cost.rejectReason,
          })}
        </Typography>
      )}
    </>
  );
}
