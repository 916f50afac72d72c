import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import {
  ApproveInvoicesDocument,
  CloseInvoicesAsPaidDocument,
  DuplicateInvoicesDocument,
  OpenInvoicesDocument,
  RejectInvoicesDocument,
  ReopenInvoicesDocument,
  ValidateInvoicesDocument,
} from '../../api/generated.ts';
import { useGraphQLMutation } from '../../api/hooks.ts';
import { downloadRecordFiles } from '../../api/storage.ts';
import { api } from '../../app/services.ts';
import type { Column } from '../../components/DataTable/DataTable.tsx';
import { ExportButton } from '../../components/export/index.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { TextInput } from '../../components/form/TextInput.tsx';
import { useSession } from '../../session/useSession.ts';
import { BulkCloseAsPaidDialog } from './BulkCloseAsPaidDialog.tsx';

export type BulkOutcome = { ok: string } | { error: unknown };

const CHANGES = ['Invoice', 'Cost', 'Payment'] as const;

/**
 * The invoices table's bulk actions (SPEC §2), each one call for all the selected invoices, all or
 * nothing (docs/workflows.md): the result says what was done or why nothing changed.
 */
export function InvoiceBulkActions<Row extends { id: number }>(props: {
  selected: Row[];
  columns: Column<Row>[];
  onDone: (outcome: BulkOutcome) => void;
}) {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const [dialog, setDialog] = useState<'reject' | 'close'>();
  const [busy, setBusy] = useState(false);
  const approve = useGraphQLMutation(ApproveInvoicesDocument, CHANGES);
  const validate = useGraphQLMutation(ValidateInvoicesDocument, CHANGES);
  const duplicate = useGraphQLMutation(DuplicateInvoicesDocument, CHANGES);
  const open = useGraphQLMutation(OpenInvoicesDocument, CHANGES);
  const reopen = useGraphQLMutation(ReopenInvoicesDocument, CHANGES);
  const reject = useGraphQLMutation(RejectInvoicesDocument, CHANGES);
  const close = useGraphQLMutation(CloseInvoicesAsPaidDocument, CHANGES);
  const ids = props.selected.map((row) => row.id);
  const count = ids.length;

  /** Runs one bulk call; a refusal is shown and rethrown (a dialog stays open with it). */
  const run = async (action: string, call: () => Promise<unknown>, rethrow = false) => {
    setBusy(true);
    try {
      await call();
      props.onDone({ ok: t(`invoices.bulk.done.${action}`, { count }) });
    } catch (error) {
      if (rethrow) throw error;
      props.onDone({ error });
    } finally {
      setBusy(false);
    }
  };

  const button = (action: string, allowed: boolean, call: () => Promise<unknown>) =>
    allowed && (
      <Button
        size="small"
        variant="outlined"
        disabled={busy}
        onClick={() => void run(action, call)}
        data-testid={`bulk-${action}`}
      >
        {t(`invoices.bulk.${action}`)}
      </Button>
    );

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <ExportButton title={t('titles.invoices')} columns={props.columns} rows={props.selected} />
      {button('approve', permissions.approveCost, () => approve.mutateAsync({ ids }))}
      {button('validate', permissions.validateInvoice, () => validate.mutateAsync({ ids }))}
      {permissions.validateInvoice && (
        <Button
          size="small"
          variant="outlined"
          color="error"
          disabled={busy}
          onClick={() => setDialog('reject')}
          data-testid="bulk-reject"
        >
          {t('invoices.bulk.reject')}
        </Button>
      )}
      {permissions.closeInvoice && (
        <Button
          size="small"
          variant="outlined"
          disabled={busy}
          onClick={() => setDialog('close')}
          data-testid="bulk-close"
        >
          {t('invoices.bulk.close')}
        </Button>
      )}
      {button('open', permissions.invoiceWrite, () => open.mutateAsync({ ids }))}
      {button('reopen', permissions.invoiceWrite, () => reopen.mutateAsync({ ids }))}
      {button('duplicate', permissions.invoiceWrite, () => duplicate.mutateAsync({ ids }))}
      {button('download', true, () => downloadRecordFiles(api, 'invoices', ids, 'invoices'))}
      <FormDialog
        open={dialog === 'reject'}
        testId="reject-dialog"
        title="invoices.bulk.rejectTitle"
        initialValues={{ reason: '' }}
        schema={yup.object({ reason: yup.string().trim().required('validation.reasonRequired') })}
        onClose={() => setDialog(undefined)}
        onSubmit={(values) =>
          run('reject', () => reject.mutateAsync({ ids, reason: values.reason.trim() }), true)
        }
      >
        <TextInput name="reason" label="invoices.reason" multiline minRows={2} required />
      </FormDialog>
      <BulkCloseAsPaidDialog
        open={dialog === 'close'}
        ids={ids}
        onClose={() => setDialog(undefined)}
        onConfirm={(final) =>
          run(
            'close',
            () =>
              close.mutateAsync({
                ids,
                finalPaymentMethod: final.method,
                finalPaymentDate: final.date,
              }),
            true,
          )
        }
      />
    </Stack>
  );
}
