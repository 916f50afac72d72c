import { Alert, Grid, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '../../../components/form/FileDropZone.tsx';
import type { PickedFile } from '../../../components/form/file-rules.ts';

/** The bill's attachments and its one act (SPEC §5 file rules in the drop zones). */
export function FilesStep(props: {
  attachments: PickedFile[];
  act: PickedFile[];
  onAttachments: (files: PickedFile[]) => void;
  onAct: (files: PickedFile[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('bills.wizard.attachments')}
        </Typography>
        <FileDropZone
          files={props.attachments}
          onChange={props.onAttachments}
          testId="attachments-drop"
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('resources.bills.fields.act_id')}
        </Typography>
        <FileDropZone files={props.act} onChange={props.onAct} testId="act-drop" />
        {props.act.length > 1 && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {t('bills.wizard.oneAct')}
          </Alert>
        )}
      </Grid>
    </Grid>
  );
}
