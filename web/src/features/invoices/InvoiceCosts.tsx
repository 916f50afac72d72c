import { Add } from '@mui/icons-material';
import {
  Box,
  Button,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
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
import { formatMoney } from '../../components/format.ts';
import { CostAttachments } from '../../components/files/CostAttachments.tsx';
import { CostActionsMenu, ORDER, type CostAction } from './CostActionsMenu.tsx';
import { CostApprovals } from './CostApprovals.tsx';
import { InvoiceCostDialog } from './InvoiceCostDialog.tsx';
import { INVOICE_CHANGES, type InvoiceCost, type InvoiceDetails } from './invoice-types.ts';

/** The invoice's costs with each one's actions, as the server lists them for that cost. */
export function InvoiceCosts(props: {
  invoice: InvoiceDetails;
  canAdd: boolean;
  onFailure: (error: unknown) => void;
  onDone: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { invoice } = props;
  const [dialog, setDialog] = useState<{ action: CostAction | 'add'; cost?: InvoiceCost }>();
  const approve = useGraphQLMutation(ApproveInvoiceCostDocument, INVOICE_CHANGES);
  const reject = useGraphQLMutation(RejectInvoiceCostDocument, INVOICE_CHANGES);
  const back = useGraphQLMutation(ReturnInvoiceCostToApprovalDocument, INVOICE_CHANGES);
  const remove = useGraphQLMutation(DeleteInvoiceCostDocument, INVOICE_CHANGES);
  const costs = invoice.costs.nodes.filter((cost): cost is InvoiceCost => cost !== null);
  const money = (value: string, currency = invoice.currency) =>
    formatMoney(value, i18n.language, currency);

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
    <Box data-testid="invoice-costs">
      {costs.length === 0 ? (
        <Typography color="text.secondary">{t('invoices.costs.none')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('invoices.costs.id')}</TableCell>
                <TableCell>{t('invoices.costs.name')}</TableCell>
                <TableCell>{t('invoices.costs.type')}</TableCell>
                <TableCell>{t('invoices.costs.project')}</TableCell>
                <TableCell>{t('invoices.costs.period')}</TableCell>
                <TableCell align="right">{t('invoices.costs.amount')}</TableCell>
                <TableCell align="right">{t('invoices.costs.vat')}</TableCell>
                <TableCell align="right">{t('invoices.costs.total')}</TableCell>
                <TableCell align="right">{t('invoices.costs.totalUsd')}</TableCell>
                <TableCell>{t('invoices.columns.status')}</TableCell>
                <TableCell>{t('table.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {costs.map((cost) => (
                <TableRow key={cost.id} data-testid="cost-row" data-cost-id={cost.id}>
                  <TableCell>{cost.id}</TableCell>
                  <TableCell>
                    {cost.name}
                    {cost.toBill && (
                      <Chip
                        size="small"
                        variant="outlined"
                        label={
                          cost.billId ? t('invoices.costs.billed') : t('invoices.costs.toBill')
                        }
                        sx={{ ml: 1 }}
                      />
                    )}
                    {cost.rejectReason && (
                      <Typography variant="caption" color="error" sx={{ display: 'block' }}>
                        {t('invoices.costs.rejectedBecause', {
                          reason:
                            cost.rejectReason === 'invoice_rejected'
                              ? t('invoices.costs.invoiceRejected')
                              : cost.rejectReason,
                        })}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{cost.costType?.name ?? ''}</TableCell>
                  <TableCell>{cost.project?.name ?? ''}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {`${String(cost.period).padStart(2, '0')}.${cost.year}`}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {money(cost.amount)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {`${formatMoney(cost.vat, i18n.language)} %`}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {money(cost.amountWVat)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {money(cost.amountUsdWVat, 'USD')}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={t(`statuses.${cost.status}`)}
                      data-status={cost.status}
                    />
                    <CostApprovals cost={cost} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <CostAttachments costId={cost.id} count={cost.fileCount ?? 0} />
                    <CostActionsMenu
                      actions={ORDER.filter((action) => cost.availableActions?.includes(action))}
                      onAction={(action) => onAction(action, cost)}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {props.canAdd && (
        <Button
          sx={{ mt: 1 }}
          startIcon={<Add />}
          onClick={() => setDialog({ action: 'add' })}
          data-testid="add-cost"
        >
          {t('invoices.costs.add')}
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
