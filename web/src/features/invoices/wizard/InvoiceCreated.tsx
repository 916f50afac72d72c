import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The wizard's last step: the invoice it created, to open, or another one to start. */
export function InvoiceCreated(props: { id: number; onAnother: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 3, maxWidth: 720 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-testid="page-title">
        {t('titles.newInvoice')}
      </Typography>
      <Paper sx={{ p: 3 }} data-testid="wizard-created">
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('invoiceWizard.created', { id: props.id })}
        </Alert>
        <Stack direction="row" spacing={2}>
          <Button
            variant="contained"
            component={Link}
            to={`/invoices/${props.id}`}
            data-testid="show-invoice"
          >
            {t('invoiceWizard.showInvoice')}
          </Button>
          <Button onClick={props.onAnother} data-testid="create-another">
            {t('invoiceWizard.createAnother')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
