import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../components/format.ts';
import { billingPeriod } from '../../../components/names.ts';
import type { Bill } from './bill-types.ts';
import { Section } from './Section.tsx';

/** The costs the bill re-bills, each in its currency and in USD. */
export function BillCosts({ bill }: { bill: Bill }) {
  const { t, i18n } = useTranslation();
  const money = (value: string | null | undefined, currency: string) =>
    formatMoney(value, i18n.language, currency);
  const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
  const costs = bill.costs.nodes.flatMap((cost) => (cost ? [cost] : []));
  return (
    <Section title="bills.sections.costs" testId="bill-costs">
      {costs.length === 0 ? (
        <Typography color="text.secondary">{t('bills.noCosts')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('bills.id')}</TableCell>
              <TableCell>{t('bills.name')}</TableCell>
              <TableCell>{t('bills.project')}</TableCell>
              <TableCell>{t('bills.period')}</TableCell>
              <TableCell align="right">{t('bills.amount')}</TableCell>
              <TableCell align="right">{t('bills.amountWVat')}</TableCell>
              <TableCell align="right">{t('bills.amountUsdWVat')}</TableCell>
              <TableCell>{t('bills.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {costs.map((cost) => (
              <TableRow key={cost.id} data-testid="cost-row">
                <TableCell>{cost.id}</TableCell>
                <TableCell>{cost.name}</TableCell>
                <TableCell>{cost.project?.name}</TableCell>
                <TableCell>{billingPeriod(t, cost.period, cost.year)}</TableCell>
                <TableCell align="right" sx={numeric}>
                  {money(cost.amount, cost.currency)}
                </TableCell>
                <TableCell align="right" sx={numeric}>
                  {money(cost.amountWVat, cost.currency)}
                </TableCell>
                <TableCell align="right" sx={numeric}>
                  {money(cost.amountUsdWVat, 'USD')}
                </TableCell>
                <TableCell>{t(`statuses.${cost.status}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}
