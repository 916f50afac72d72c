import { Add } from '@mui/icons-material';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import {
  ApproveInvoiceCostDocument,
  DeleteInvoiceCostDocument,
  RejectInvoiceCostDocument,
  ReturnInvoiceCostToApprovalDocument,
} from '../../api/generated.ts';
import { useGraphQLMutation } from '../../api/hooks.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { TextInput } from '../../components/form/TextInput.tsx';
import type { CostAction } from '../../components/CostActionsMenu.tsx';
import type { CostColumn } from '../../components/record-cost-columns.tsx';
import { RecordCosts } from '../../components/RecordCosts.tsx';
import { InvoiceCostDialog } from './InvoiceCostDialog.tsx';
import { INVOICE_CHANGES, type InvoiceCost, type InvoiceDetails } from './invoice-types.ts';

const INVOICE_COST_COLUMNS: CostColumn[] = [
  'id',
  'name',
  'costType',
  'project',
  'period',
  'amount',
  'vat',
  'amountWVat',
  'amountUsdWVat',
  'status',
];

/** The invoice's costs with each one's actions, as the server lists them for that cost. */
export function InvoiceCosts(props: {
  invoice: InvoiceDetails;
  canAdd: boolean;
  onFailure: (error: unknown) => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const { invoice } = props;
  const [dialog, setDialog] = useState<{ action: CostAction | 'add'; cost?: InvoiceCost }>();
  const approve = useGraphQLMutation(ApproveInvoiceCostDocument, INVOICE_CHANGES);
  const reject = useGraphQLMutation(RejectInvoiceCostDocument, INVOICE_CHANGES);
  const back = useGraphQLMutation(ReturnInvoiceCostToApprovalDocument, INVOICE_CHANGES);
  const remove = useGraphQLMutation(DeleteInvoiceCostDocument, INVOICE_CHANGES);
  const costs = invoice.costs.nodes.filter((cost): cost is InvoiceCost => cost !== null);

  const run = async (action: CostAction, call: () => Promise<unknown>) => {
    try {
      await call();
      props.onDone(t(`invoices.costs.done.${action}`));
    } catch (error) {
      props.onFailure(error);
    }
  };

  const onAction = (action: CostAction, cost: InvoiceCost) => {
    if (action === 'approve') void run(action, () => approve.mutateAsync({ costId: cost.id }));
    else if (action === 'return_to_approval')
      void run(action, () => back.mutateAsync({ costId: cost.id }));
    else setDialog({ action, cost });
  };

  return (
    <Box>
      <RecordCosts
        costs={costs}
        columns={INVOICE_COST_COLUMNS}
        currency={invoice.currency}
        empty="invoices.costs.none"
        attachments
        onAction={onAction}
        testId="invoice-costs"
      />
      {props.canAdd && (
        <Button
          sx={{ mt: 1 }}
          startIcon={<Add />}
          onClick={() => setDialog({ action: 'add' })}
          data-testid="add-cost"
        >
          {t('invoiceWizard.addCost')}
        </Button>
      )}
      <InvoiceCostDialog
        open={dialog?.action === 'add' || dialog?.action === 'edit'}
        invoice={invoice}
        cost={dialog?.action === 'edit' ? dialog.cost : undefined}
        onClose={() => setDialog(undefined)}
        onSaved={() =>
          props.onDone(t(dialog?.cost ? 'invoices.costs.done.edit' : 'invoices.costs.done.add'))
        }
      />
      <FormDialog
        open={dialog?.action === 'reject'}
        testId="cost-reject-dialog"
        title="invoices.costs.rejectTitle"
        initialValues={{ reason: '' }}
        schema={yup.object({ reason: yup.string().trim().required('validation.reasonRequired') })}
        onClose={() => setDialog(undefined)}
        onSubmit={async (values) => {
          if (!dialog?.cost) return;
          await reject.mutateAsync({ costId: dialog.cost.id, reason: values.reason.trim() });
          props.onDone(t('invoices.costs.done.reject'));
        }}
      >
        <TextInput name="reason" label="invoices.reason" multiline minRows={2} required />
      </FormDialog>
      <ConfirmDialog
        open={dialog?.action === 'delete' || dialog?.action === 'force_delete'}
        title={t(
          `invoices.costs.actions.${dialog?.action === 'force_delete' ? 'force_delete' : 'delete'}`,
        )}
        text={t(
          dialog?.action === 'force_delete'
            ? 'invoices.costs.forceDeleteWarning'
            : 'invoices.costs.deleteQuestion',
          { name: dialog?.cost?.name ?? '' },
        )}
        onClose={() => setDialog(undefined)}
        onConfirm={() => {
          const current = dialog;
          setDialog(undefined);
          if (!current?.cost) return;
          const force = current.action === 'force_delete';
          void run(force ? 'force_delete' : 'delete', () =>
            remove.mutateAsync({ costId: current.cost!.id, force }),
          );
        }}
      />
    </Box>
  );
}
