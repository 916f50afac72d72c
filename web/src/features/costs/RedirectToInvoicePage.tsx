import { Alert, Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { errorMessage } from '../../api/errors.ts';
import { GetCostInvoiceIdDocument } from '../../api/generated.ts';
import { useGraphQLQuery } from '../../api/hooks.ts';
import { Loading } from '../../app/guards.tsx';

/** Finds the invoice of a cost and goes there. */
export default function RedirectToInvoicePage() {
  const { t } = useTranslation();
  const costId = Number(useParams().costId);
  const query = useGraphQLQuery(GetCostInvoiceIdDocument, { costId }, { reads: ['Cost'] });
  if (query.isPending) return <Loading />;
  if (query.isError || !query.data.getCostInvoiceId) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error">{errorMessage(t, query.error)}</Alert>
      </Box>
    );
  }
  return <Navigate to={`/invoices/${query.data.getCostInvoiceId}`} replace />;
}
