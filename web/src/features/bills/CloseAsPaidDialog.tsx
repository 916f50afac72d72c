import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers';
import { formatISO, isValid, startOfDay } from 'date-fns';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import type { PaymentMethod } from '../../api/generated.ts';
import { formatMoney } from '../../components/format.ts';
import { PAYMENT_METHODS } from './PaymentDialog.tsx';

/**
 * Close as paid (SPEC §4): a fully paid bill is simply closed; when money remains, a final payment
 * of exactly the remaining amount is recorded (method and date asked here) and the bill closed,
 * in one transaction on the server.
 */
export function CloseAsPaidDialog(props: {
  open: boolean;
  currency: string;
  remaining: string;
  onConfirm: (final?: { method: PaymentMethod; date: string }) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [method, setMethod] = useState<PaymentMethod>('transaction');
  const [date, setDate] = useState<Date | null>(new Date());
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const remains = new Decimal(props.remaining).gt(0);
  const dateValid = date !== null && isValid(date);
  const confirm = async () => {
    setFailure(undefined);
    setBusy(true);
    try {
      await props.onConfirm(remains ? { method, date: formatISO(startOfDay(date!)) } : undefined);
      props.onClose();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('bills.closeAsPaid')}</DialogTitle>
      <DialogContent data-testid="close-dialog">
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure !== undefined && <Alert severity="error">{errorMessage(t, failure)}</Alert>}
          <DialogContentText>
            {remains
              ? t('bills.closeWithFinalPayment', {
                  value: formatMoney(props.remaining, i18n.language, props.currency),
                })
              : t('bills.closeFullyPaid')}
          </DialogContentText>
          {remains && (
            <>
              <TextField
                select
                label={t('payments.method')}
                value={method}
                onChange={(e) => setMethod(e.target.value as PaymentMethod)}
                slotProps={{ htmlInput: { 'data-testid': 'final-method' } }}
              >
                {PAYMENT_METHODS.map((m) => (
                  <MenuItem key={m} value={m}>
                    {t(`payments.methods.${m}`)}
                  </MenuItem>
                ))}
              </TextField>
              <DatePicker
                label={t('payments.date')}
                value={date}
                onChange={setDate}
                slotProps={{
                  textField: {
                    error: !dateValid,
                    helperText: dateValid ? undefined : t('validation.dateInvalid'),
                  },
                }}
              />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => void confirm()}
          disabled={busy || (remains && !dateValid)}
          data-testid="close-confirm"
        >
          {t('bills.closeAsPaid')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
