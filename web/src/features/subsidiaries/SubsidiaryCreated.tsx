import { CheckCircle } from '@mui/icons-material';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../api/errors.ts';

/** The wizard's end: the subsidiary is created (its document may have failed). */
export function SubsidiaryCreated(props: {
  id: string;
  documentFailed?: unknown;
  onAnother: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 4, textAlign: 'center' }} data-testid="subsidiary-created">
      <CheckCircle color="success" sx={{ fontSize: 48 }} />
      <Typography variant="h6" component="p" sx={{ my: 2 }}>
        {t('subsidiaries.wizard.created')}
      </Typography>
      {props.documentFailed !== undefined && (
        <Alert severity="warning" sx={{ mb: 2, textAlign: 'left' }}>
          {t('subsidiaries.wizard.documentFailed')}: {errorMessage(t, props.documentFailed)}
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
        <Button onClick={props.onAnother} data-testid="create-another">
          {t('bills.wizard.another')}
        </Button>
        <Button
          variant="contained"
          component={RouterLink}
          to={`/subsidiaries/${props.id}`}
          data-testid="show-subsidiary"
        >
          {t('subsidiaries.wizard.show')}
        </Button>
      </Stack>
    </Paper>
  );
}
