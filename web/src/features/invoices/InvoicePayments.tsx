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
import { CreateInvoicePaymentDocument, DeleteInvoicePaymentDocument } from '../../api/generated.ts';
import { useGraphQLMutation } from '../../api/hooks.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PaymentDialog } from '../../components/PaymentDialog.tsx';
import { formatDate, formatMoney } from '../../components/format.ts';
import { INVOICE_CHANGES, type InvoiceDetails } from './invoice-types.ts';

type Payment = NonNullable<
  NonNullable<InvoiceDetails['invoicesPayments']['nodes'][number]>['payment']
>;

/**
 * The invoice's payments and what remains; add one (at most the remainder) or delete one, as the
 * invoice's availableActions allow (add_payment, delete_payment).
 */
export function InvoicePayments(props: {
  invoice: InvoiceDetails;
  canAdd: boolean;
  canDelete: boolean;
  onFailure: (error: unknown) => void;
  onDone: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { invoice } = props;
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Payment>();
  const create = useGraphQLMutation(CreateInvoicePaymentDocument, INVOICE_CHANGES);
  const remove = useGraphQLMutation(DeleteInvoicePaymentDocument, INVOICE_CHANGES);
  const payments = invoice.invoicesPayments.nodes.flatMap((link) =>
    link?.payment ? [link.payment] : [],
  );
  const remaining = invoice.remainingAmount ?? '0';
  const money = (value: string) => formatMoney(value, i18n.language, invoice.currency);

  return (
    <Box data-testid="invoice-payments">
      <Typography sx={{ mb: 1 }} data-testid="remaining-amount">
        {t('invoices.payments.paidAndRemaining', {
          paid: money(invoice.paidAmount),
          remaining: money(remaining),
        })}
      </Typography>
      {payments.length > 0 && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('payments.date')}</TableCell>
              <TableCell>{t('payments.method')}</TableCell>
              <TableCell>{t('banking.reference')}</TableCell>
              <TableCell align="right">{t('payments.amountColumn')}</TableCell>
              <TableCell>{t('invoices.payments.by')}</TableCell>
              {props.canDelete && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {payments.map((payment) => (
              <TableRow key={payment.id} data-testid="payment-row">
                <TableCell>{formatDate(payment.paymentDate, i18n.language)}</TableCell>
                <TableCell>{t(`payments.methods.${payment.paymentMethod}`)}</TableCell>
                <TableCell data-testid="payment-reference">{payment.reference ?? ''}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(payment.amount, i18n.language, payment.currency)}
                </TableCell>
                <TableCell>{payment.userByCreatedBy?.displayName ?? ''}</TableCell>
                {props.canDelete && (
                  <TableCell align="right">
                    <IconButton
                      size="small"
                      color="error"
                      aria-label={t('invoices.payments.delete')}
                      onClick={() => setDeleting(payment)}
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
      {props.canAdd && (
        <Button
          sx={{ mt: 1 }}
          startIcon={<Add />}
          onClick={() => setAdding(true)}
          data-testid="add-payment"
        >
          {t('invoices.payments.add')}
        </Button>
      )}
      <PaymentDialog
        open={adding}
        currency={invoice.currency}
        remaining={remaining}
        onClose={() => setAdding(false)}
        onSubmit={async (values) => {
          await create.mutateAsync({
            invoiceId: invoice.id,
            amount: values.amount,
            currency: invoice.currency,
            paymentDate: values.paymentDate,
            paymentMethod: values.paymentMethod,
          });
          props.onDone(t('invoices.payments.added'));
        }}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('invoices.payments.delete')}
        text={t('invoices.payments.deleteQuestion', {
          amount: deleting ? formatMoney(deleting.amount, i18n.language, deleting.currency) : '',
        })}
        onClose={() => setDeleting(undefined)}
        onConfirm={() => {
          const payment = deleting;
          setDeleting(undefined);
          if (!payment) return;
          remove
            .mutateAsync({ paymentId: payment.id })
            .then(() => props.onDone(t('invoices.payments.deleted')), props.onFailure);
        }}
      />
    </Box>
  );
}
