import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import * as yup from 'yup';
import {
  CloseInvoiceAsPaidDocument,
  DeleteInvoiceDocument,
  DuplicateInvoiceDocument,
  OpenInvoiceDocument,
  RejectInvoiceDocument,
  ReopenInvoiceDocument,
  ResetInvoiceToOpenDocument,
  SetInvoiceDeletedDocument,
  ValidateInvoiceDocument,
} from '../../api/generated.ts';
import { useGraphQLMutation } from '../../api/hooks.ts';
import { CloseAsPaidDialog } from '../../components/CloseAsPaidDialog.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { TextInput } from '../../components/form/TextInput.tsx';
import { InvoiceEditDialog } from './InvoiceEditDialog.tsx';
import { INVOICE_CHANGES, type InvoiceDetails } from './invoice-types.ts';

/** The order the buttons stand in; only those the server lists for this invoice are shown. */
const ORDER = [
  'edit',
  'open',
  'validate',
  'reject',
  'reopen',
  'reset_to_open',
  'close_as_paid',
  'duplicate',
  'archive',
  'unarchive',
  'delete',
  'force_delete',
] as const;
type Action = (typeof ORDER)[number];

/**
 * The invoice's actions: exactly those in its `availableActions` (computed by the server from
 * the same transition table its workflow functions check), so nothing is re-encoded here.
 */
export function InvoiceActions(props: {
  invoice: InvoiceDetails;
  onFailure: (error: unknown) => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { invoice } = props;
  const invoiceId = invoice.id;
  const [dialog, setDialog] = useState<Action>();
  const [busy, setBusy] = useState(false);
  const validate = useGraphQLMutation(ValidateInvoiceDocument, INVOICE_CHANGES);
  const open = useGraphQLMutation(OpenInvoiceDocument, INVOICE_CHANGES);
  const reopen = useGraphQLMutation(ReopenInvoiceDocument, INVOICE_CHANGES);
  const reset = useGraphQLMutation(ResetInvoiceToOpenDocument, INVOICE_CHANGES);
  const reject = useGraphQLMutation(RejectInvoiceDocument, INVOICE_CHANGES);
  const close = useGraphQLMutation(CloseInvoiceAsPaidDocument, INVOICE_CHANGES);
  const setDeleted = useGraphQLMutation(SetInvoiceDeletedDocument, INVOICE_CHANGES);
  const remove = useGraphQLMutation(DeleteInvoiceDocument, INVOICE_CHANGES);
  const duplicate = useGraphQLMutation(DuplicateInvoiceDocument, INVOICE_CHANGES);
  const available = new Set(invoice.availableActions ?? []);

  /** Runs an action; a refusal is reported (and rethrown for a dialog, which shows it). */
  const run = async (action: Action, call: () => Promise<unknown>, fromDialog = false) => {
    setBusy(true);
    try {
      await call();
      props.onDone(t(`invoices.actions.done.${action}`));
    } catch (error) {
      if (fromDialog) throw error;
      props.onFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const direct: Partial<Record<Action, () => Promise<unknown>>> = {
    open: () => open.mutateAsync({ invoiceId }),
    validate: () => validate.mutateAsync({ invoiceId }),
    reopen: () => reopen.mutateAsync({ invoiceId }),
    reset_to_open: () => reset.mutateAsync({ invoiceId }),
    archive: () => setDeleted.mutateAsync({ invoiceId, isDeleted: true }),
    unarchive: () => setDeleted.mutateAsync({ invoiceId, isDeleted: false }),
    duplicate: async () => {
      const result = await duplicate.mutateAsync({ invoiceId });
      const copy = result.duplicateInvoice?.result?.id;
      if (copy) void navigate(`/invoices/${copy}`);
    },
  };
  const needsDialog = (action: Action) =>
    action === 'reject' ||
    action === 'edit' ||
    action === 'delete' ||
    action === 'force_delete' ||
    action === 'close_as_paid';

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {ORDER.filter((action) => available.has(action)).map((action) => (
        <Button
          key={action}
          size="small"
          variant={action === 'validate' || action === 'close_as_paid' ? 'contained' : 'outlined'}
          color={
            action === 'reject' || action === 'delete' || action === 'force_delete'
              ? 'error'
              : 'primary'
          }
          disabled={busy}
          data-testid={`action-${action}`}
          onClick={() => {
            const call = direct[action];
            if (call && !needsDialog(action)) void run(action, call);
            else setDialog(action);
          }}
        >
          {t(`invoices.actions.${action}`)}
        </Button>
      ))}
      <InvoiceEditDialog
        open={dialog === 'edit'}
        invoice={invoice}
        onClose={() => setDialog(undefined)}
        onSaved={() => props.onDone(t('invoices.actions.done.edit'))}
      />
      <FormDialog
        open={dialog === 'reject'}
        testId="reject-dialog"
        title="invoices.actions.rejectTitle"
        initialValues={{ reason: '' }}
        schema={yup.object({ reason: yup.string().trim().required('validation.reasonRequired') })}
        onClose={() => setDialog(undefined)}
        onSubmit={(values) =>
          run('reject', () => reject.mutateAsync({ invoiceId, reason: values.reason.trim() }), true)
        }
      >
        <TextInput name="reason" label="invoices.reason" multiline minRows={2} required />
      </FormDialog>
      <CloseAsPaidDialog
        open={dialog === 'close_as_paid'}
        currency={invoice.currency}
        remaining={invoice.remainingAmount ?? '0'}
        onClose={() => setDialog(undefined)}
        onConfirm={(final) =>
          run(
            'close_as_paid',
            () =>
              close.mutateAsync({
                invoiceId,
                ...(final
                  ? { finalPaymentMethod: final.method, finalPaymentDate: final.date }
                  : {}),
              }),
            true,
          )
        }
      />
      <ConfirmDialog
        open={dialog === 'delete' || dialog === 'force_delete'}
        title={t(`invoices.actions.${dialog === 'force_delete' ? 'force_delete' : 'delete'}`)}
        text={t(
          dialog === 'force_delete'
            ? 'invoices.actions.forceDeleteWarning'
            : 'invoices.actions.deleteQuestion',
          { id: invoiceId },
        )}
        onClose={() => setDialog(undefined)}
        onConfirm={() => {
          const force = dialog === 'force_delete';
          setDialog(undefined);
          void run(force ? 'force_delete' : 'delete', async () => {
            await remove.mutateAsync({ invoiceId, force });
            void navigate('/invoices', { replace: true });
          });
        }}
      />
    </Stack>
  );
}
