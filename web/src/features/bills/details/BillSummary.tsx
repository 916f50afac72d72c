import { Grid, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatMoney } from '../../../components/format.ts';
import { UsdRateNote } from '../../../components/UsdRateNote.tsx';
import { companyName, billingPeriod } from '../../../components/names.ts';
import type { Bill } from './bill-types.ts';
import { Field, Section } from './Section.tsx';

/** The bill's fields and its amounts (in its currency, with USD beside). */
export function BillSummary({ bill }: { bill: Bill }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const money = (value: string | null | undefined, currency = bill.currency) =>
    formatMoney(value, lang, currency);
  const amounts = [
    ['bills.amount', bill.amount, bill.amountUsd],
    ['bills.vatAmount', bill.vatAmount, undefined],
    ['bills.amountWVat', bill.amountWVat, bill.amountUsdWVat],
    ['bills.paid', bill.paidAmount, undefined],
    ['bills.remaining', bill.remainingAmount ?? '0', undefined],
  ] as const;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <Section title="bills.sections.details" testId="bill-fields">
          <Grid container spacing={2}>
            <Field label="bills.client">{companyName(bill.client)}</Field>
            <Field label="bills.subsidiary">{companyName(bill.subsidiary)}</Field>
            <Field label="bills.project">{bill.project?.name}</Field>
            <Field label="bills.service">{bill.service?.name}</Field>
            <Field label="bills.period">{billingPeriod(t, bill.period, bill.year)}</Field>
            <Field label="bills.invoiceRef">{bill.invoiceRef}</Field>
            <Field label="bills.invoiceDate">{formatDate(bill.invoiceDate, lang)}</Field>
            <Field label="bills.dueDate">{formatDate(bill.dueDate, lang)}</Field>
            <Field label="bills.lastPaymentDate">{formatDate(bill.lastPaymentDate, lang)}</Field>
            <Field label="bills.created">
              {[formatDateTime(bill.createdAt, lang), bill.userByCreatedBy?.displayName]
                .filter(Boolean)
                .join(', ')}
            </Field>
            <Field label="bills.closedBy">{bill.userByClosedBy?.displayName}</Field>
            <Field label="bills.costsStatus">{t(`statuses.${bill.costsStatus}`)}</Field>
            <Grid size={12}>
              <Typography variant="caption" color="text.secondary" component="div">
                {t('bills.description')}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{bill.description || '—'}</Typography>
            </Grid>
          </Grid>
        </Section>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <Section title="bills.sections.amounts" testId="bill-amounts">
          <Table size="small">
            <TableBody>
              {amounts.map(([label, value, usd]) => (
                <TableRow key={label}>
                  <TableCell component="th" scope="row">
                    {label === 'bills.vatAmount'
                      ? t(label, { vat: formatMoney(bill.vat, lang) })
                      : t(label)}
                  </TableCell>
                  <TableCell
                    align="right"
                    sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                    data-testid={`amount-${label.split('.')[1]}`}
                  >
                    {money(value)}
                    {usd !== undefined && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        {money(usd, 'USD')}
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <UsdRateNote date={bill.usdRateDate} currency={bill.currency} />
        </Section>
      </Grid>
    </Grid>
  );
}
