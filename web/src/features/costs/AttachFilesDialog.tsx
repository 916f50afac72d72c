import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import { FileDropZone, uploadPicked } from '../../components/form/FileDropZone.tsx';
import type { PickedFile } from '../../components/form/file-rules.ts';
import type { CostRow } from './costs-list.ts';

/** Files for one cost: the kit's drop zone (limits, duplicates with where they are attached). */
export function AttachFilesDialog(props: {
  row: CostRow;
  onClose: () => void;
  onDone: (count: number) => void;
  attach: (fileIds: string[]) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const save = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const ids = await uploadPicked(files, setFiles);
      await props.attach(ids);
      props.onDone(ids.length);
    } catch (error) {
      setFailure(error);
      setFiles((current) => current.map((file) => ({ ...file, progress: undefined })));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {t('costs.attachTitle', { id: props.row.id, name: props.row.name })}
      </DialogTitle>
      <DialogContent>
        {failure !== undefined && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="attach-error">
            {errorMessage(t, failure)}
          </Alert>
        )}
        <FileDropZone files={files} onChange={setFiles} disabled={busy} testId="cost-files" />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={busy || files.length === 0}
          data-testid="attach-save"
        >
          {t('costs.attach')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
