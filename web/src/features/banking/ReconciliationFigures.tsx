import { Grid, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { BankReconciliationQuery } from '../../api/generated.ts';
import { formatMoney } from '../../components/format.ts';

type Reconciliation = NonNullable<BankReconciliationQuery['bankReconciliation']>;

/** The period's figures: balances, the statements' movement, matched, ignored, unmatched, unseen. */
export function ReconciliationFigures(props: { result: Reconciliation | null | undefined }) {
  const { t, i18n } = useTranslation();
  const r = props.result;
  const money = (value: string | null | undefined) =>
    formatMoney(value ?? '0', i18n.language, r?.currency ?? undefined);
  const figure = (key: string, value: string | null | undefined, testId: string) => (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t(key)}
        </Typography>
        <Typography
          variant="h6"
          sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
          data-testid={testId}
        >
          {value ?? '—'}
        </Typography>
      </Paper>
    </Grid>
  );
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      {figure('banking.openingBalance', r?.openingBalance && money(r.openingBalance), 'opening')}
      {figure('banking.closingBalance', r?.closingBalance && money(r.closingBalance), 'closing')}
      {figure('banking.statementTotal', r && money(r.statementTotal), 'statement-total')}
      {figure('banking.matchedTotal', r && money(r.matchedTotal), 'matched-total')}
      {figure('banking.ignoredTotal', r && money(r.ignoredTotal), 'ignored-total')}
      {figure(
        'banking.unmatchedTotal',
        r && `${money(r.unmatchedTotal)} (${r.unmatchedCount ?? 0})`,
        'unmatched-total',
      )}
      {figure(
        'banking.unseenTotal',
        r && `${money(r.unseenPaymentsTotal)} (${r.unseenPaymentsCount ?? 0})`,
        'unseen-total',
      )}
    </Grid>
  );
}
