import { CheckCircle } from '@mui/icons-material';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../api/errors.ts';
import { recordLink } from '../../components/record-link.ts';

/** The wizard's end: the document is created (its files may have failed), show it or start again. */
export function DocumentCreated(props: {
  id: string;
  filesFailed?: unknown;
  onAnother: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 4, textAlign: 'center' }} data-testid="document-created">
      <CheckCircle color="success" sx={{ fontSize: 48 }} />
      <Typography variant="h6" component="p" sx={{ my: 2 }}>
        {t('documents.wizard.created')}
      </Typography>
      {props.filesFailed !== undefined && (
        <Alert severity="warning" sx={{ mb: 2, textAlign: 'left' }}>
          {t('documents.wizard.filesFailed')}: {errorMessage(t, props.filesFailed)}
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
        <Button onClick={props.onAnother} data-testid="create-another">
          {t('bills.wizard.another')}
        </Button>
        <Button
          variant="contained"
          component={RouterLink}
          to={recordLink('document', props.id)}
          data-testid="show-document"
        >
          {t('documents.wizard.show')}
        </Button>
      </Stack>
    </Paper>
  );
}
