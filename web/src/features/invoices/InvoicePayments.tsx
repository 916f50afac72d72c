import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CreateInvoicePaymentDocument, DeleteInvoicePaymentDocument } from '../../api/generated.ts';
import { useGraphQLMutation } from '../../api/hooks.ts';
import { formatMoney } from '../../components/format.ts';
import { RecordPayments } from '../../components/RecordPayments.tsx';
import { INVOICE_CHANGES, type InvoiceDetails } from './invoice-types.ts';

/** The invoice's payments and what remains (RecordPayments, as the invoice's availableActions allow). */
export function InvoicePayments(props: {
  invoice: InvoiceDetails;
  onFailure: (error: unknown) => void;
  onDone: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { invoice } = props;
  const create = useGraphQLMutation(CreateInvoicePaymentDocument, INVOICE_CHANGES);
  const remove = useGraphQLMutation(DeleteInvoicePaymentDocument, INVOICE_CHANGES);
  const remaining = invoice.remainingAmount ?? '0';
  const money = (value: string) => formatMoney(value, i18n.language, invoice.currency);
  const payments = invoice.invoicesPayments.nodes.flatMap((link) =>
    link?.payment ? [link.payment] : [],
  );
  return (
    <Box data-testid="invoice-payments">
      <Typography sx={{ mb: 1 }} data-testid="remaining-amount">
        {t('invoices.payments.paidAndRemaining', {
          paid: money(invoice.paidAmount),
          remaining: money(remaining),
        })}
      </Typography>
      <RecordPayments
        payments={payments}
        currency={invoice.currency}
        remaining={remaining}
        availableActions={invoice.availableActions}
        create={(values) =>
          create.mutateAsync({ invoiceId: invoice.id, currency: invoice.currency, ...values })
        }
        remove={(paymentId) => remove.mutateAsync({ paymentId })}
        onDone={props.onDone}
        onFailure={props.onFailure}
      />
    </Box>
  );
}
