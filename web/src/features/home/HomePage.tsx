import { Box, Grid, Typography } from '@mui/material';
import { BankLinesToMatchCard } from '../banking/BankLinesToMatchCard.tsx';
import { differenceInCalendarDays, parseISO } from 'date-fns';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CostsToApproveDocument,
  InvoicesToValidateDocument,
  MyRejectedDocument,
  OverdueBillsDocument,
  PayablesAgingDocument,
  ReceivablesAgingDocument,
} from '../../api/generated.ts';
import { useGraphQLQuery } from '../../api/hooks.ts';
import { formatDate, formatMoney } from '../../components/format.ts';
import { useSession } from '../../session/useSession.ts';
import { AgingCard } from './AgingCard.tsx';
import { userName } from '../../components/names.ts';
import { homeLinks, isoDate } from './links.ts';
import { WorkCard } from './WorkCard.tsx';

/**
 * The page a finance lead opens first: their work (each card one query, the most urgent few and a
 * link to the pre-filtered list) and the payables and receivables aging. Every figure is what the
 * account may see (row-level security), summed in SQL.
 */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  const { user, scopes, permissions } = useSession();
  // The author filter of "my rejected" links, named on its chip.
  const me = user ? { id: user.id, label: userName(user) } : null;
  const language = i18n.language;
  const today = useMemo(() => new Date(), []);
  const todayIso = isoDate(today);
  const may = (scope: string) => scopes.includes(scope);
  const show = {
    costsToApprove: permissions.costRead && may('approve_cost'),
    invoicesToValidate: permissions.invoiceRead && may('validate_invoice'),
    rejectedCosts: permissions.costRead && may('cost:write'),
    rejectedInvoices: permissions.invoiceRead && permissions.invoiceWrite,
    overdueBills: permissions.billRead,
    payables: permissions.invoiceRead,
    receivables: permissions.billRead,
  };
  const costs = useGraphQLQuery(
    CostsToApproveDocument,
    {},
    { reads: ['Cost'] },
    { enabled: show.costsToApprove },
  );
  const invoices = useGraphQLQuery(
    InvoicesToValidateDocument,
    {},
    { reads: ['Invoice', 'Cost'] },
    { enabled: show.invoicesToValidate },
  );
  const rejected = useGraphQLQuery(
    MyRejectedDocument,
    {
      userId: user?.id ?? '',
      withCosts: show.rejectedCosts,
      withInvoices: show.rejectedInvoices,
    },
    { reads: ['Invoice', 'Cost'] },
    { enabled: Boolean(user) && (show.rejectedCosts || show.rejectedInvoices) },
  );
  const bills = useGraphQLQuery(
    OverdueBillsDocument,
    { today: todayIso },
    { reads: ['Bill', 'Payment'] },
    { enabled: show.overdueBills },
  );
  const payables = useGraphQLQuery(
    PayablesAgingDocument,
    { asOf: todayIso },
    { reads: ['Invoice', 'Cost', 'Payment'] },
    { enabled: show.payables },
  );
  const receivables = useGraphQLQuery(
    ReceivablesAgingDocument,
    { asOf: todayIso },
    { reads: ['Bill', 'Payment'] },
    { enabled: show.receivables },
  );
  const usd = (value: string | null | undefined) => formatMoney(value, language, 'USD');
  const money = (value: string | null | undefined, currency: string | null | undefined) =>
    formatMoney(value, language, currency ?? undefined);
  // The amount in USD under the original one, unless the original is in USD.
  const alsoUsd = (currency: string | null | undefined, value: string | null | undefined) =>
    currency === 'USD' ? undefined : usd(value);
  // A cost rejected together with its invoice carries a code, not a reason someone typed.
  const reason = (text: string | null | undefined) =>
    text === 'invoice_rejected' ? t('home.rejectedWithInvoice') : (text ?? undefined);
  const nothing = !Object.values(show).some(Boolean);

  return (
    <Box sx={{ p: 3, maxWidth: 1400 }}>
      <Typography variant="h4" component="h1" gutterBottom data-testid="greeting">
        {t('home.greeting', { name: user?.firstName })}
      </Typography>
      {nothing && <Typography color="text.secondary">{t('home.nothing')}</Typography>}
      {permissions.paymentRead && <BankLinesToMatchCard />}
      <Grid container spacing={2} sx={{ mb: 2 }}>
        {show.costsToApprove && (
          <Grid size={{ xs: 12, md: 6 }}>
            <WorkCard
              id="costsToApprove"
              title={t('home.costsToApprove')}
              loading={costs.isPending}
              error={costs.error}
              sections={[
                {
                  key: 'costsToApprove',
                  count: costs.data?.allCosts?.totalCount,
                  to: homeLinks.costsToApprove(),
                  items: (costs.data?.allCosts?.nodes ?? []).flatMap((cost) =>
                    cost
                      ? [
                          {
                            key: String(cost.id),
                            to: `/invoices/${cost.invoiceId}`,
                            primary: cost.name,
                            secondary: t('home.createdOn', {
                              date: formatDate(cost.createdAt, language),
                            }),
                            amount: money(cost.amountWVat, cost.currency),
                            amountUsd: alsoUsd(cost.currency, cost.amountUsdWVat),
                          },
                        ]
                      : [],
                  ),
                },
              ]}
            />
          </Grid>
        )}
        {show.invoicesToValidate && (
          <Grid size={{ xs: 12, md: 6 }}>
            <WorkCard
              id="invoicesToValidate"
              title={t('home.invoicesToValidate')}
              loading={invoices.isPending}
              error={invoices.error}
              sections={[
                {
                  key: 'invoicesToValidate',
                  count: invoices.data?.allInvoices?.totalCount,
                  to: homeLinks.invoicesToValidate(),
                  items: (invoices.data?.allInvoices?.nodes ?? []).flatMap((invoice) =>
                    invoice
                      ? [
                          {
                            key: String(invoice.id),
                            to: `/invoices/${invoice.id}`,
                            primary: invoice.invoiceRef,
                            secondary: invoice.dueDate
                              ? t('home.dueOn', { date: formatDate(invoice.dueDate, language) })
                              : undefined,
                            amount: money(invoice.amountWVat, invoice.currency),
                            amountUsd: alsoUsd(invoice.currency, invoice.amountUsdWVat),
                          },
                        ]
                      : [],
                  ),
                },
              ]}
            />
          </Grid>
        )}
        {(show.rejectedCosts || show.rejectedInvoices) && me && (
          <Grid size={{ xs: 12, md: 6 }}>
            <WorkCard
              id="myRejected"
              title={t('home.myRejected')}
              loading={rejected.isPending}
              error={rejected.error}
              sections={[
                {
                  key: 'rejectedInvoices',
                  heading: t('home.rejectedInvoices'),
                  count: rejected.data?.rejectedInvoices?.totalCount,
                  to: homeLinks.myRejectedInvoices(me),
                  items: (rejected.data?.rejectedInvoices?.nodes ?? []).flatMap((invoice) =>
                    invoice
                      ? [
                          {
                            key: String(invoice.id),
                            to: `/invoices/${invoice.id}`,
                            primary: invoice.invoiceRef,
                            secondary: invoice.rejectReason ?? undefined,
                            amount: money(invoice.amountWVat, invoice.currency),
                            amountUsd: alsoUsd(invoice.currency, invoice.amountUsdWVat),
                          },
                        ]
                      : [],
                  ),
                },
                {
                  key: 'rejectedCosts',
                  heading: t('home.rejectedCosts'),
                  count: rejected.data?.rejectedCosts?.totalCount,
                  to: homeLinks.myRejectedCosts(me),
                  items: (rejected.data?.rejectedCosts?.nodes ?? []).flatMap((cost) =>
                    cost
                      ? [
                          {
                            key: String(cost.id),
                            to: `/invoices/${cost.invoiceId}`,
                            primary: cost.name,
                            secondary: reason(cost.rejectReason),
                            amount: money(cost.amountWVat, cost.currency),
                            amountUsd: alsoUsd(cost.currency, cost.amountUsdWVat),
                          },
                        ]
                      : [],
                  ),
                },
              ]}
            />
          </Grid>
        )}
        {show.overdueBills && (
          <Grid size={{ xs: 12, md: 6 }}>
            <WorkCard
              id="overdueBills"
              title={t('home.overdueBills')}
              loading={bills.isPending}
              error={bills.error}
              sections={[
                {
                  key: 'overdueBills',
                  count: bills.data?.allBills?.totalCount,
                  to: homeLinks.overdueBills(today),
                  items: (bills.data?.allBills?.nodes ?? []).flatMap((bill) =>
                    bill
                      ? [
                          {
                            key: String(bill.id),
                            to: `/bills/${bill.id}`,
                            primary: bill.name,
                            secondary: bill.dueDate
                              ? t('home.overdueDays', {
                                  count: differenceInCalendarDays(today, parseISO(bill.dueDate)),
                                  date: formatDate(bill.dueDate, language),
                                })
                              : undefined,
                            amount: money(bill.amountWVat, bill.currency),
                            amountUsd: alsoUsd(bill.currency, bill.amountUsdWVat),
                          },
                        ]
                      : [],
                  ),
                },
              ]}
            />
          </Grid>
        )}
      </Grid>
      <Grid container spacing={2}>
        {show.payables && (
          <Grid size={12}>
            <AgingCard
              kind="payables"
              rows={payables.data?.payablesAging?.nodes}
              loading={payables.isPending}
              error={payables.error}
              today={today}
            />
          </Grid>
        )}
        {show.receivables && (
          <Grid size={12}>
            <AgingCard
              kind="receivables"
              rows={receivables.data?.receivablesAging?.nodes}
              loading={receivables.isPending}
              error={receivables.error}
              today={today}
            />
          </Grid>
        )}
      </Grid>
    </Box>
  );
}
