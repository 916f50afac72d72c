import { CheckCircle } from '@mui/icons-material';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../api/errors.ts';

/**
 * A wizard's end: the record is created; a later step that failed (its files, its linked
 * document) is said with the database's message; show the record or start again.
 */
export function WizardCreated(props: {
  /** i18n keys: the sentence that it is created, the failed step, the "show" button. */
  created: string;
  laterStepFailed: string;
  show: string;
  /** The record's page. */
  to: string;
  /** Test ids of the panel and of the "show" button. */
  testId: string;
  showTestId: string;
  failure?: unknown;
  onAnother: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 4, textAlign: 'center' }} data-testid={props.testId}>
      <CheckCircle color="success" sx={{ fontSize: 48 }} />
      <Typography variant="h6" component="p" sx={{ my: 2 }}>
        {t(props.created)}
      </Typography>
      {props.failure !== undefined && (
        <Alert severity="warning" sx={{ mb: 2, textAlign: 'left' }}>
          {t(props.laterStepFailed)}: {errorMessage(t, props.failure)}
        </Alert>
      )}
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
        <Button onClick={props.onAnother} data-testid="create-another">
          {t('bills.wizard.another')}
        </Button>
        <Button
          variant="contained"
          component={RouterLink}
          to={props.to}
          data-testid={props.showTestId}
        >
          {t(props.show)}
        </Button>
      </Stack>
    </Paper>
  );
}
