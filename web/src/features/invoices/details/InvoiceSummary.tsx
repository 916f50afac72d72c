import { ArrowBack } from '@mui/icons-material';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import Decimal from 'decimal.js';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatDateTime, formatMoney } from '../../../components/format.ts';
import { PeriodLockedBanner } from '../../../components/PeriodLockedBanner.tsx';
import { UsdRateNote } from '../../../components/UsdRateNote.tsx';
import { companyName } from '../../../components/names.ts';
import type { InvoiceDetails } from '../invoice-types.ts';

/** The invoice's number, status and badges. */
export function InvoiceHeader({ invoice }: { invoice: InvoiceDetails }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
      <Button component={RouterLink} to="/invoices" startIcon={<ArrowBack />} size="small">
        {t('titles.invoices')}
      </Button>
      <Typography variant="h5" component="h1" data-testid="page-title">
        {t('invoices.heading', { number: invoice.invoiceRef, id: invoice.id })}
      </Typography>
      <Chip label={t(`statuses.${invoice.status}`)} color="primary" data-status={invoice.status} />
      {invoice.paymentStatus === 'partially_paid' && (
        <Chip label={t('statuses.partially_paid')} color="warning" variant="outlined" />
      )}
      {invoice.isDeleted && <Chip label={t('resources.fields.is_deleted')} variant="outlined" />}
      {invoice.isOverdue && (
        <Chip label={t('invoices.badges.overdue')} color="error" variant="outlined" />
      )}
    </Stack>
  );
}

/** The invoice's fields and amounts. */
export function InvoiceFields({ invoice }: { invoice: InvoiceDetails }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (value: string | null | undefined, currency = invoice.currency) =>
    formatMoney(value ?? '0', language, currency);
  const vatUsd = new Decimal(invoice.amountUsdWVat).minus(invoice.amountUsd).toFixed(2);
  const fields: [string, ReactNode][] = [
    ['resources.fields.type', t(`invoices.types.${invoice.type}`)],
    ['resources.invoices.fields.invoice_ref', invoice.invoiceRef],
    ['resources.fields.invoice_date', formatDate(invoice.invoiceDate, language)],
    ['resources.fields.due_date', formatDate(invoice.dueDate, language) || '—'],
    ['resources.costs.fields.period', periodText(invoice, language)],
    ['resources.subsidiaries.name', companyName(invoice.subsidiary)],
    ['resources.suppliers.name', companyName(invoice.supplier)],
    ['resources.invoices.fields.default_cost_type_id', invoice.defaultCostType?.name ?? '—'],
    [
      'resources.invoices.fields.created_by',
      `${invoice.userByCreatedBy?.displayName ?? '—'}, ${formatDateTime(invoice.createdAt, language)}`,
    ],
    ['resources.invoices.fields.validated_by', invoice.userByValidatedBy?.displayName ?? '—'],
    ['resources.fields.closed_by', invoice.userByClosedBy?.displayName ?? '—'],
  ];
  const amounts: [string, string, string][] = [
    ['resources.fields.amount', money(invoice.amount), money(invoice.amountUsd, 'USD')],
    ['table.vat', money(invoice.vatAmount), money(vatUsd, 'USD')],
    ['table.total', money(invoice.amountWVat), money(invoice.amountUsdWVat, 'USD')],
  ];
  const hidden = invoice.hiddenCostCount ?? 0;
  if (hidden > 0) {
    amounts.push([
      'partialInvoices.visibleSubtotal',
      money(invoice.visibleAmountWVat),
      money(invoice.visibleAmountUsdWVat, 'USD'),
    ]);
  }
  return (
    <Paper sx={{ p: 2, my: 2 }}>
      <PeriodLockedBanner
        lockedThrough={invoice.lockedThrough}
        subsidiary={companyName(invoice.subsidiary)}
      />
      {invoice.rejectReason && invoice.status === 'rejected' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('invoices.rejectedBecause', { reason: invoice.rejectReason })}
        </Alert>
      )}
      {hidden > 0 && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="hidden-lines">
          {t('partialInvoices.hiddenLinesNote', {
            count: hidden,
            visible: money(invoice.visibleAmountWVat),
            total: money(invoice.amountWVat),
          })}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: '2fr 1fr', gap: 4 }}>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr',
            columnGap: 3,
            rowGap: 1,
            m: 0,
          }}
        >
          {fields.map(([label, value]) => (
            <Field key={label} label={t(label)} value={value} />
          ))}
        </Box>
        <Box
          component="dl"
          data-testid="invoice-amounts"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr 1fr',
            columnGap: 3,
            rowGap: 1,
            m: 0,
            alignContent: 'start',
          }}
        >
          {amounts.map(([label, original, usd]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {t(label)}
              </Typography>
              <Typography
                component="dd"
                sx={{
                  m: 0,
                  textAlign: 'right',
                  fontVariantNumeric: 'tabular-nums',
                  whiteSpace: 'nowrap',
                }}
              >
                {original}
              </Typography>
              <Typography
                component="dd"
                sx={{
                  m: 0,
                  textAlign: 'right',
                  fontVariantNumeric: 'tabular-nums',
                  whiteSpace: 'nowrap',
                }}
              >
                {usd}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
      <Box sx={{ textAlign: 'right', mt: 1 }}>
        <UsdRateNote date={invoice.usdRateDate} currency={invoice.currency} />
      </Box>
    </Paper>
  );
}

function periodText(invoice: InvoiceDetails, language: string): string {
  if (!invoice.periodStart && !invoice.periodEnd) return '—';
  return `${formatDate(invoice.periodStart, language) || '…'} – ${formatDate(invoice.periodEnd, language) || '…'}`;
}

function Field(props: { label: string; value: ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {props.label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {props.value}
      </Typography>
    </>
  );
}
