import { Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PaymentsByReferenceDocument } from '../../api/generated.ts';
import { useGraphQLQuery } from '../../api/hooks.ts';
import { FilterTextField } from '../../components/DataTable/filter-fields.tsx';
import { formatDate, formatMoney } from '../../components/format.ts';

/** Searched from two characters on. */
const MIN_LENGTH = 2;

/** Find a recorded payment by its reference, and whether a statement shows it. */
export function PaymentSearch() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [reference, setReference] = useState('');
  const searched = reference.length >= MIN_LENGTH;
  const found = useGraphQLQuery(
    PaymentsByReferenceDocument,
    { reference },
    { reads: ['Payment'] },
    { enabled: searched },
  );
  const payments = (found.data?.allPayments?.nodes ?? []).flatMap((p) => (p ? [p] : []));
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 3 }} gutterBottom>
        {t('banking.findPayment')}
      </Typography>
      <FilterTextField
        label="banking.reference"
        value={reference}
        onApply={setReference}
        testId="payment-reference-search"
      />
      {searched && found.isSuccess && (
        <Paper variant="outlined" sx={{ mt: 1 }} data-testid="payments-found">
          {payments.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {t('banking.noPaymentFound')}
            </Typography>
          ) : (
            payments.map((p) => (
              <Stack key={p.id} direction="row" spacing={2} sx={{ px: 2, py: 1 }}>
                <Typography sx={{ width: 120 }}>{formatDate(p.paymentDate, language)}</Typography>
                <Typography sx={{ flexGrow: 1 }}>{p.reference}</Typography>
                <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(p.amount, language, p.currency)}
                </Typography>
                <Typography sx={{ width: 200 }} color="text.secondary">
                  {t(p.bankLineId ? 'banking.onStatement' : 'banking.notOnStatement')}
                </Typography>
              </Stack>
            ))
          )}
        </Paper>
      )}
    </>
  );
}
