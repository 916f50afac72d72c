import { ArrowBack } from '@mui/icons-material';
import { Alert, Box, Button, Chip, CircularProgress, Grid, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/errors.ts';
import {
  BillDetailsDocument,
  CreateBillPaymentDocument,
  DeletePaymentDocument,
} from '../../api/generated.ts';
import { useGraphQLMutation, useGraphQLQuery } from '../../api/hooks.ts';
import { RecordHistory } from '../../components/history/RecordHistory.tsx';
import { PeriodLockedBanner } from '../../components/PeriodLockedBanner.tsx';
import { useRecordNotice } from '../../components/RecordNotice.tsx';
import { RecordCosts } from '../../components/RecordCosts.tsx';
import { RecordPayments } from '../../components/RecordPayments.tsx';
import type { CostColumn } from '../../components/record-cost-columns.tsx';
import { BillActions } from './details/BillActions.tsx';
import { BillFiles } from './details/BillFiles.tsx';
import { BillSummary } from './details/BillSummary.tsx';
import { BILL_CHANGES, type Bill } from './details/bill-types.ts';
import { Section } from './details/Section.tsx';
import { companyName } from '../../components/names.ts';
import { daysOverdue } from './overdue.ts';

/** One bill (SPEC §2): its fields, amounts, actions, payments, costs, files and history. */
export default function BillDetailsPage() {
  const { t } = useTranslation();
  const id = Number(useParams().bill);
  const query = useGraphQLQuery(
    BillDetailsDocument,
    { id },
    { reads: ['Bill', 'Payment', 'Cost', 'File', 'Company', 'Project', 'Service', 'User'] },
  );
  if (query.isPending)
    return (
      <Box sx={{ p: 4, textAlign: 'center' }}>
        <CircularProgress aria-label={t('table.loading')} />
      </Box>
    );
  if (query.error)
    return (
      <Box sx={{ p: 3 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {errorMessage(t, query.error)}
        </Alert>
      </Box>
    );
  const bill = query.data?.billById;
  if (!bill)
    return (
      <Box sx={{ p: 4 }} data-testid="bill-not-found">
        <Typography variant="h5" component="h1" gutterBottom>
          {t('bills.notFound', { id })}
        </Typography>
        <Button component={Link} to="/bills" variant="contained" startIcon={<ArrowBack />}>
          {t('bills.backToList')}
        </Button>
      </Box>
    );
  return <BillView bill={bill} />;
}

/** The bill's costs in their own currency (an invoice's, which may differ from the bill's). */
const BILL_COST_COLUMNS: CostColumn[] = [
  'id',
  'name',
  'project',
  'period',
  'amount',
  'amountWVat',
  'amountUsdWVat',
  'status',
];

function BillView({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  const { report, element: notice } = useRecordNotice('bill-notice');
  const pay = useGraphQLMutation(CreateBillPaymentDocument, BILL_CHANGES);
  const unpay = useGraphQLMutation(DeletePaymentDocument, BILL_CHANGES);
  const payments = bill.billsPayments.nodes.flatMap((link) =>
    link?.payment ? [link.payment] : [],
  );
  const costs = bill.costs.nodes.flatMap((cost) => (cost ? [cost] : []));
  return (
    <Box sx={{ p: 3 }} data-testid="bill-details">
      <Button component={Link} to="/bills" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {t('bills.backToList')}
      </Button>
      <BillHeader bill={bill} />
      <PeriodLockedBanner
        lockedThrough={bill.lockedThrough}
        subsidiary={companyName(bill.subsidiary)}
      />
      <BillActions bill={bill} report={report} />
      <BillSummary bill={bill} />
      <Section title="payments.heading" testId="bill-payments">
        <RecordPayments
          payments={payments}
          currency={bill.currency}
          remaining={bill.remainingAmount ?? '0'}
          availableActions={bill.availableActions}
          showUsd
          create={(values) =>
            pay.mutateAsync({ billId: bill.id, currency: bill.currency, ...values })
          }
          remove={(paymentId) => unpay.mutateAsync({ paymentId })}
          {...report}
        />
      </Section>
      <Section title="titles.costs" testId="bill-costs">
        <RecordCosts costs={costs} columns={BILL_COST_COLUMNS} empty="bills.noCosts" attachments />
      </Section>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <BillFiles bill={bill} report={report} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title="bills.sections.history" testId="bill-feed">
            <RecordHistory
              kind="bills"
              id={bill.id}
              entries={bill.history.nodes}
              onFailure={report.onFailure}
            />
          </Section>
        </Grid>
      </Grid>
      {notice}
    </Box>
  );
}

/** The bill's title with its status, payment, archive and overdue badges. */
function BillHeader({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mr: 1 }} data-testid="bill-title">
        {t('bills.heading', { id: bill.id, name: bill.name })}
      </Typography>
      <Chip label={t(`statuses.${bill.status}`)} data-testid="bill-status" />
      {bill.paymentStatus === 'partially_paid' && (
        <Chip color="warning" label={t('statuses.partially_paid')} data-testid="badge-partial" />
      )}
      {bill.isDeleted && (
        <Chip label={t('resources.fields.is_deleted')} data-testid="badge-archived" />
      )}
      {bill.isOverdue && (
        <Chip
          color="error"
          label={t('bills.overdueBadge', { count: daysOverdue(bill.dueDate) })}
          data-testid="badge-overdue"
        />
      )}
    </Stack>
  );
}
