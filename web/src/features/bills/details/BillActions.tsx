import { Button, Snackbar, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  CloseBillAsPaidDocument,
  DeleteBillDocument,
  SetBillDeletedDocument,
  ValidateBillDocument,
} from '../../../api/generated.ts';
import { useGraphQLMutation } from '../../../api/hooks.ts';
import { CloseAsPaidDialog } from '../../../components/CloseAsPaidDialog.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import type { RecordReport } from '../../../components/RecordNotice.tsx';
import { EditBillDialog } from '../EditBillDialog.tsx';
import { BILL_CHANGES, type Bill } from './bill-types.ts';

/** The order the actions are offered in; which of them show comes from the server. */
const ACTIONS = [
  'validate',
  'close_as_paid',
  'edit',
  'archive',
  'unarchive',
  'delete',
  'force_delete',
] as const;
type Action = (typeof ACTIONS)[number];

/**
 * The bill's workflow buttons, as its availableActions offer them, with their dialogs; each
 * action that succeeds says so, each refusal shows its message.
 */
export function BillActions({ bill, report }: { bill: Bill; report: RecordReport }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const validate = useGraphQLMutation(ValidateBillDocument, BILL_CHANGES);
  const close = useGraphQLMutation(CloseBillAsPaidDocument, BILL_CHANGES);
  const setDeleted = useGraphQLMutation(SetBillDeletedDocument, BILL_CHANGES);
  const remove = useGraphQLMutation(DeleteBillDocument, BILL_CHANGES);
  const [dialog, setDialog] = useState<Action>();
  const [busy, setBusy] = useState(false);
  const allowed = new Set(bill.availableActions ?? []);

  const run = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await work();
      if (done) report.onDone(t(done));
    } catch (error) {
      report.onFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const onAction = (action: Action) => {
    if (action === 'validate')
      void run(() => validate.mutateAsync({ billId: bill.id }), 'records.billValidated');
    else if (action === 'archive' || action === 'unarchive')
      void run(
        () => setDeleted.mutateAsync({ billId: bill.id, isDeleted: action === 'archive' }),
        action === 'archive' ? 'records.billArchived' : 'records.billUnarchived',
      );
    else setDialog(action);
  };

  return (
    <>
      <Stack
        direction="row"
        spacing={1}
        sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}
        data-testid="bill-actions"
      >
        {ACTIONS.filter((action) => allowed.has(action)).map((action) => (
          <Button
            key={action}
            variant={action === 'validate' || action === 'close_as_paid' ? 'contained' : 'outlined'}
            color={action === 'delete' || action === 'force_delete' ? 'error' : 'primary'}
            disabled={busy}
            onClick={() => onAction(action)}
            data-testid={`action-${action}`}
          >
            {t(`bills.actions.${action}`)}
          </Button>
        ))}
      </Stack>
      {dialog === 'close_as_paid' && (
        <CloseAsPaidDialog
          open
          currency={bill.currency}
          remaining={bill.remainingAmount ?? '0'}
          onClose={() => setDialog(undefined)}
          onConfirm={async (final) => {
            await close.mutateAsync({
              billId: bill.id,
              finalPaymentMethod: final?.method,
              finalPaymentDate: final?.date,
            });
            report.onDone(t('records.billClosed'));
          }}
        />
      )}
      <EditBillDialog
        bill={bill}
        open={dialog === 'edit'}
        onClose={() => setDialog(undefined)}
        onSaved={() => report.onDone(t('records.billSaved'))}
      />
      <ConfirmDialog
        open={dialog === 'delete' || dialog === 'force_delete'}
        title={t(`bills.actions.${dialog === 'force_delete' ? 'force_delete' : 'delete'}`)}
        text={
          dialog === 'force_delete'
            ? t('bills.forceDeleteWarning', { id: bill.id })
            : t('bills.deleteQuestion', { id: bill.id })
        }
        onClose={() => setDialog(undefined)}
        onConfirm={() => {
          const force = dialog === 'force_delete';
          setDialog(undefined);
          void run(async () => {
            await remove.mutateAsync({ billId: bill.id, force });
            await navigate('/bills');
          });
        }}
      />
      <Snackbar open={busy} message={t('bills.working')} />
    </>
  );
}
