import { Add, Delete } from '@mui/icons-material';
import {
  Box,
  Button,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { formatDate, formatMoney } from './format.ts';
import { PaymentDialog, type PaymentValues } from './PaymentDialog.tsx';
import { paymentControls } from './payment-controls.ts';

export interface RecordPayment {
  id: string;
  paymentDate: string;
  paymentMethod: string;
  reference?: string | null;
  amount: string;
  currency: string;
  /** The payment in USD at its date's rate; the column shows when the record's query reads it. */
  amountUsd?: string | null;
  /** Who recorded it (their display name, SPEC: first name and initials). */
  userByCreatedBy?: { displayName: string | null } | null;
}

/**
 * The payments of an invoice or bill: date, method, reference, amount (and USD), who recorded it;
 * add one (at most the remainder) or delete one, as the record's availableActions allow. Each
 * change is announced through `onDone`, a refusal through `onFailure`.
 */
export function RecordPayments(props: {
  payments: RecordPayment[];
  currency: string;
  /** The remaining amount now, an exact decimal string. */
  remaining: string;
  availableActions: readonly (string | null)[] | null | undefined;
  showUsd?: boolean;
  create: (values: PaymentValues) => Promise<unknown>;
  remove: (paymentId: string) => Promise<unknown>;
  onDone: (message: string) => void;
  onFailure: (error: unknown) => void;
}) {
  const { t, i18n } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<RecordPayment>();
  const { canAdd, canDelete } = paymentControls(props.availableActions);
  const money = (value: string, currency: string) => formatMoney(value, i18n.language, currency);
  const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

  return (
    <Box>
      {props.payments.length === 0 ? (
        <Typography color="text.secondary">{t('payments.none')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('payments.date')}</TableCell>
              <TableCell>{t('payments.method')}</TableCell>
              <TableCell>{t('banking.reference')}</TableCell>
              <TableCell align="right">{t('resources.fields.amount')}</TableCell>
              {props.showUsd && (
                <TableCell align="right">{t('resources.fields.amount_usd')}</TableCell>
              )}
              <TableCell>{t('payments.by')}</TableCell>
              {canDelete && <TableCell align="right">{t('table.actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {props.payments.map((payment) => (
              <TableRow key={payment.id} data-testid="payment-row">
                <TableCell>{formatDate(payment.paymentDate, i18n.language)}</TableCell>
                <TableCell>{t(`payments.methods.${payment.paymentMethod}`)}</TableCell>
                <TableCell data-testid="payment-reference">{payment.reference ?? ''}</TableCell>
                <TableCell align="right" sx={numeric}>
                  {money(payment.amount, payment.currency)}
                </TableCell>
                {props.showUsd && (
                  <TableCell align="right" sx={numeric}>
                    {payment.amountUsd ? money(payment.amountUsd, 'USD') : '—'}
                  </TableCell>
                )}
                <TableCell>{payment.userByCreatedBy?.displayName ?? ''}</TableCell>
                {canDelete && (
                  <TableCell align="right">
                    <IconButton
                      size="small"
                      color="error"
                      aria-label={t('payments.delete')}
                      onClick={() => setDeleting(payment)}
                      data-testid="delete-payment"
                    >
                      <Delete fontSize="small" />
                    </IconButton>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {canAdd && (
        <Button
          sx={{ mt: 1 }}
          startIcon={<Add />}
          onClick={() => setAdding(true)}
          data-testid="add-payment"
        >
          {t('payments.add')}
        </Button>
      )}
      <PaymentDialog
        open={adding}
        currency={props.currency}
        remaining={props.remaining}
        onClose={() => setAdding(false)}
        onSubmit={async (values) => {
          await props.create(values);
          props.onDone(t('invoices.payments.added'));
        }}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('payments.delete')}
        text={t('invoices.payments.deleteQuestion', {
          amount: deleting ? money(deleting.amount, deleting.currency) : '',
        })}
        onClose={() => setDeleting(undefined)}
        onConfirm={() => {
          const payment = deleting;
          setDeleting(undefined);
          if (!payment) return;
          props
            .remove(payment.id)
            .then(() => props.onDone(t('invoices.payments.deleted')), props.onFailure);
        }}
      />
    </Box>
  );
}
