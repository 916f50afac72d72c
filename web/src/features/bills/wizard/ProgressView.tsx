import { CheckCircle, Error as ErrorIcon, RadioButtonUnchecked, Remove } from '@mui/icons-material';
import {
  Alert,
  Button,
  CircularProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  Stack,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/errors.ts';
import { PROGRESS, type Progress, type ProgressState } from './bill-wizard-model.ts';

/** The steps of creating the bill as they run; at the end, the bill it created, by number and name. */
export function ProgressView(props: {
  progress: ProgressState;
  failure?: { step: Progress; error: unknown };
  created?: { id: number; name: string };
  onBack: () => void;
  onAnother: () => void;
  onShow: () => void;
}) {
  const { t } = useTranslation();
  const icon = (state: ProgressState[Progress], name: Progress) =>
    state === 'done' ? (
      <CheckCircle color="success" />
    ) : state === 'failed' ? (
      <ErrorIcon color="error" />
    ) : state === 'running' ? (
      <CircularProgress size={20} aria-label={t(`bills.wizard.progress.${name}`)} />
    ) : state === 'skipped' ? (
      <Remove color="disabled" />
    ) : (
      <RadioButtonUnchecked color="disabled" />
    );
  return (
    <Paper sx={{ p: 3 }} data-testid="wizard-progress">
      <List dense>
        {PROGRESS.map((name) => (
          <ListItem key={name} data-testid={`progress-${name}`} data-state={props.progress[name]}>
            <ListItemIcon>{icon(props.progress[name], name)}</ListItemIcon>
            <ListItemText
              primary={t(`bills.wizard.progress.${name}`)}
              secondary={props.progress[name] === 'skipped' ? t('bills.wizard.skipped') : undefined}
            />
          </ListItem>
        ))}
      </List>
      {props.created && (
        <Alert severity="success" sx={{ my: 2 }} data-testid="wizard-created-bill">
          {t('records.billCreated', props.created)}
        </Alert>
      )}
      {props.failure && (
        <Alert severity="error" sx={{ my: 2 }} data-testid="wizard-failure">
          {t('bills.wizard.failed', {
            step: t(`bills.wizard.progress.${props.failure.step}`),
            message: errorMessage(t, props.failure.error),
          })}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {props.failure && (
          <Button onClick={props.onBack} data-testid="wizard-fix">
            {t('bills.wizard.fix')}
          </Button>
        )}
        {props.created && (
          <>
            <Button onClick={props.onAnother} data-testid="wizard-another">
              {t('bills.wizard.another')}
            </Button>
            <Button variant="contained" onClick={props.onShow} data-testid="wizard-show">
              {t('bills.wizard.show')}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
