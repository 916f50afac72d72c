import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import { FileDropZone } from '../../components/form/FileDropZone.tsx';
import { useUploads } from '../../components/form/use-uploads.ts';
import type { PickedFile } from '../../components/form/file-rules.ts';

/**
 * Adds files to a bill: the picked files go up in one request with their progress, then are
 * attached; a failure follows the one policy of useUploads (deleted when refused, kept for the
 * retry when the outcome is unknown).
 */
export function AddFilesDialog(props: {
  open: boolean;
  onAttach: (fileIds: string[]) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const uploads = useUploads();
  const close = () => {
    uploads.forget();
    setFiles([]);
    setFailure(undefined);
    props.onClose();
  };
  const save = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await props.onAttach(await uploads.upload(files, setFiles));
      close();
    } catch (error) {
      await uploads.failed(error);
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={props.open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{t('bills.addFiles')}</DialogTitle>
      <DialogContent>
        {failure !== undefined && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(t, failure)}
          </Alert>
        )}
        <FileDropZone files={files} onChange={setFiles} disabled={busy} testId="bill-files-drop" />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy || files.length === 0}
          onClick={() => void save()}
          data-testid="files-save"
        >
          {t('bills.attach')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
