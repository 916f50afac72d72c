import { RecordHistory } from '../../components/history/RecordHistory.tsx';
import { ArrowBack } from '@mui/icons-material';
import { Alert, Box, Button, CircularProgress, Divider, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../api/errors.ts';
import {
  AddInvoiceFilesDocument,
  InvoiceDetailsDocument,
  RemoveInvoiceFilesDocument,
} from '../../api/generated.ts';
import { useGraphQLMutation, useGraphQLQuery } from '../../api/hooks.ts';
import { RecordFiles } from '../../components/RecordFiles.tsx';
import { useSession } from '../../session/useSession.ts';
import { useRecordNotice } from '../../components/RecordNotice.tsx';
import { InvoiceHeader, InvoiceFields } from './details/InvoiceSummary.tsx';
import { InvoiceActions } from './InvoiceActions.tsx';
import { InvoiceCosts } from './InvoiceCosts.tsx';
import { InvoicePayments } from './InvoicePayments.tsx';
import { INVOICE_CHANGES, type InvoiceDetails } from './invoice-types.ts';

/** One invoice (SPEC §2): its fields, actions, costs, payments, files and history. */
export default function InvoiceDetailsPage() {
  const { t } = useTranslation();
  const id = Number(useParams().invoice);
  const query = useGraphQLQuery(InvoiceDetailsDocument, { id }, { reads: [...INVOICE_CHANGES] });
  const { report, element: notice } = useRecordNotice('invoice-notice');
  const invoice = query.data?.invoiceById;

  if (query.isPending) {
    return (
      <Box sx={{ p: 3 }}>
        <CircularProgress aria-label={t('table.loading')} />
      </Box>
    );
  }
  if (query.error) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {errorMessage(t, query.error)}
        </Alert>
      </Box>
    );
  }
  if (!invoice) {
    return (
      <Box sx={{ p: 3 }} data-testid="invoice-not-found">
        <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
          {t('invoices.notFound', { id })}
        </Typography>
        <Button component={RouterLink} to="/invoices" startIcon={<ArrowBack />}>
          {t('invoices.backToList')}
        </Button>
      </Box>
    );
  }
  return (
    <Box sx={{ p: 3 }}>
      <InvoiceHeader invoice={invoice} />
      <InvoiceActions invoice={invoice} {...report} />
      <InvoiceFields invoice={invoice} />
      <Sections invoice={invoice} report={report} />
      {notice}
    </Box>
  );
}

function Sections(props: {
  invoice: InvoiceDetails;
  report: { onFailure: (error: unknown) => void; onDone: (text: string) => void };
}) {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const { invoice, report } = props;
  const attach = useGraphQLMutation(AddInvoiceFilesDocument, INVOICE_CHANGES);
  const detach = useGraphQLMutation(RemoveInvoiceFilesDocument, INVOICE_CHANGES);
  const actions = (invoice.availableActions ?? []).filter(Boolean);
  const editable = actions.includes('edit');
  const files = invoice.invoicesFiles.nodes.flatMap((link) => (link?.file ? [link.file] : []));
  const section = (title: string, testId: string, body: ReactNode) => (
    <Paper sx={{ p: 2, mb: 2 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t(title)}
      </Typography>
      <Divider sx={{ mb: 2 }} />
      {body}
    </Paper>
  );
  return (
    <>
      {section(
        'titles.costs',
        'costs-section',
        <InvoiceCosts invoice={invoice} canAdd={editable && permissions.costWrite} {...report} />,
      )}
      {section(
        'payments.heading',
        'payments-section',
        <InvoicePayments invoice={invoice} {...report} />,
      )}
      {section(
        'documents.fileCount',
        'files-section',
        <RecordFiles
          kind="invoices"
          recordId={invoice.id}
          zipName={`invoice-${invoice.id}`}
          files={files}
          canChange={actions.includes('add_files') && actions.includes('remove_files')}
          attach={(fileIds) => attach.mutateAsync({ invoiceId: invoice.id, fileIds })}
          remove={(fileIds) => detach.mutateAsync({ invoiceId: invoice.id, fileIds })}
        />,
      )}
      {section(
        'history.heading',
        'history-section',
        <RecordHistory kind="invoices" id={invoice.id} entries={invoice.history.nodes} />,
      )}
    </>
  );
}
