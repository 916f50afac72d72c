import { Alert, Box, Paper, Typography } from '@mui/material';
import { errorMessage } from '../../../api/errors.ts';
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { InvoiceWizardNamesDocument, InvoiceWizardRateDocument } from '../../../api/generated.ts';
import { useGraphQLQuery } from '../../../api/hooks.ts';
import { formatDate, formatMoney } from '../../../components/format.ts';
import { invoiceTotals } from './amounts.ts';
import type { WizardValues } from './invoice-wizard-model.ts';
import { companyName } from '../../../components/names.ts';

/** SPEC §2: the cost step shows invoice type, currency, subsidiary, supplier, amount, VAT, total. */
export function InvoiceSummary(props: { active: boolean }) {
  const { t, i18n } = useTranslation();
  const { values } = useFormikContext<WizardValues>();
  const ready = props.active && Boolean(values.subsidiary && values.supplier);
  const names = useGraphQLQuery(
    InvoiceWizardNamesDocument,
    { subsidiaryId: values.subsidiary, supplierId: values.supplier },
    { reads: ['Company'] },
    { enabled: ready },
  );
  const rate = useGraphQLQuery(
    InvoiceWizardRateDocument,
    { currency: values.currency, onDate: values.invoiceDate },
    { reads: ['Currency'] },
    { enabled: props.active && Boolean(values.currency && values.invoiceDate), retry: false },
  );
  const totals = invoiceTotals(values.costs, rate.data?.usdRate);
  const money = (value: string | undefined, currency: string) =>
    value === undefined ? '—' : formatMoney(value, i18n.language, currency);
  const facts: [string, string][] = [
    ['invoiceWizard.type', t(`invoiceWizard.types.${values.type}`)],
    ['invoiceWizard.currency', values.currency],
    ['invoiceWizard.subsidiary', companyName(names.data?.subsidiaryById)],
    ['invoiceWizard.supplier', companyName(names.data?.supplierById)],
    ['invoiceWizard.invoiceRef', values.invoiceRef],
    ['invoiceWizard.invoiceDate', formatDate(values.invoiceDate, i18n.language)],
  ];
  const figures: [string, string, string | undefined][] = [
    ['invoiceWizard.totalAmount', totals.amount, totals.amountUsd],
    ['invoiceWizard.totalVat', totals.vat, totals.vatUsd],
    ['invoiceWizard.total', totals.total, totals.totalUsd],
  ];
  return (
    <Paper sx={{ p: 2 }} data-testid="invoice-summary">
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
        }}
      >
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2 }}
        >
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t(label)}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box
          component="table"
          sx={{ borderCollapse: 'collapse', alignSelf: 'start', '& td, & th': { px: 1, py: 0.5 } }}
        >
          <thead>
            <tr>
              <Box component="th" />
              <Box component="th" sx={{ textAlign: 'right' }}>
                <Typography variant="caption" color="text.secondary">
                  {values.currency}
                </Typography>
              </Box>
              <Box component="th" sx={{ textAlign: 'right' }}>
                <Typography variant="caption" color="text.secondary">
                  {t('invoiceWizard.inUsd')}
                </Typography>
              </Box>
            </tr>
          </thead>
          <tbody>
            {figures.map(([label, value, usd]) => (
              <tr key={label}>
                <td>
                  <Typography variant="body2">{t(label)}</Typography>
                </td>
                <Box
                  component="td"
                  sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
                  data-testid={`${label.split('.')[1]}-value`}
                >
                  <Typography variant="body2">{money(value, values.currency)}</Typography>
                </Box>
                <Box
                  component="td"
                  sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
                  data-testid={`${label.split('.')[1]}-usd`}
                >
                  <Typography variant="body2">{money(usd, 'USD')}</Typography>
                </Box>
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
      {rate.isError && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {errorMessage(t, rate.error)}
        </Alert>
      )}
    </Paper>
  );
}
