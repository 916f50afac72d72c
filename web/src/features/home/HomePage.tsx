import { Box, Grid, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PayablesAgingDocument, ReceivablesAgingDocument } from '../../api/generated.ts';
import { useGraphQLQuery } from '../../api/hooks.ts';
import { useSession } from '../../session/useSession.ts';
import { BankLinesToMatchCard } from '../banking/BankLinesToMatchCard.tsx';
import { AgingCard } from './AgingCard.tsx';
import { isoDate } from './links.ts';
import { MyRejectedCard } from './MyRejectedCard.tsx';
import { CostsToApproveCard, InvoicesToValidateCard, OverdueBillsCard } from './WorkCards.tsx';

/** One aging table (payables: invoices; receivables: bills), as of today. */
function Aging(props: { kind: 'payables' | 'receivables'; today: Date }) {
  const asOf = isoDate(props.today);
  const payables = useGraphQLQuery(
    PayablesAgingDocument,
    { asOf },
    { reads: ['Invoice', 'Cost', 'Payment'] },
    { enabled: props.kind === 'payables' },
  );
  const receivables = useGraphQLQuery(
    ReceivablesAgingDocument,
    { asOf },
    { reads: ['Bill', 'Payment'] },
    { enabled: props.kind === 'receivables' },
  );
  const query = props.kind === 'payables' ? payables : receivables;
  const rows =
    props.kind === 'payables'
      ? payables.data?.payablesAging?.nodes
      : receivables.data?.receivablesAging?.nodes;
  return (
    <AgingCard
      kind={props.kind}
      rows={rows}
      loading={query.isPending}
      error={query.error}
      today={props.today}
    />
  );
}

/**
 * The page a finance lead opens first: their work (each card one query, the most urgent few and a
 * link to the pre-filtered list) and the payables and receivables aging. Every figure is what the
 * account may see (row-level security), summed in SQL.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const { user, scopes, permissions } = useSession();
  // The author filter of "my rejected" links, named on its chip by the database's display name.
  const me = user ? { id: user.id, label: user.displayName } : null;
  const today = useMemo(() => new Date(), []);
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
  const nothing = !Object.values(show).some(Boolean);
  const half = { xs: 12, md: 6 };

  return (
    <Box sx={{ p: 3, maxWidth: 1400 }}>
      <Typography variant="h4" component="h1" gutterBottom data-testid="greeting">
        {t('home.greeting', { name: user?.firstName })}
      </Typography>
      {nothing && <Typography color="text.secondary">{t('home.nothing')}</Typography>}
      {permissions.paymentRead && <BankLinesToMatchCard />}
      <Grid container spacing={2} sx={{ mb: 2 }}>
        {show.costsToApprove && (
          <Grid size={half}>
            <CostsToApproveCard />
          </Grid>
        )}
        {show.invoicesToValidate && (
          <Grid size={half}>
            <InvoicesToValidateCard />
          </Grid>
        )}
        {(show.rejectedCosts || show.rejectedInvoices) && me && (
          <Grid size={half}>
            <MyRejectedCard me={me} costs={show.rejectedCosts} invoices={show.rejectedInvoices} />
          </Grid>
        )}
        {show.overdueBills && (
          <Grid size={half}>
            <OverdueBillsCard today={today} />
          </Grid>
        )}
      </Grid>
      <Grid container spacing={2}>
        {show.payables && (
          <Grid size={12}>
            <Aging kind="payables" today={today} />
          </Grid>
        )}
        {show.receivables && (
          <Grid size={12}>
            <Aging kind="receivables" today={today} />
          </Grid>
        )}
      </Grid>
    </Box>
  );
}
