import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import { storageRequest } from '../../api/storage.ts';
import { api } from '../../app/services.ts';
import { FileDropZone, uploadPicked } from '../../components/form/FileDropZone.tsx';
import type { PickedFile } from '../../components/form/file-rules.ts';

/**
 * Adds files to a bill: the picked files go up in one request with their progress, then are
 * attached; if attaching is refused, the uploads are deleted again.
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
  const close = () => {
    setFiles([]);
    setFailure(undefined);
    props.onClose();
  };
  const save = async () => {
    setBusy(true);
    setFailure(undefined);
    let uploaded: string[] = [];
    try {
      uploaded = await uploadPicked(files, setFiles);
      await props.onAttach(uploaded);
      close();
    } catch (error) {
      setFailure(error);
      await Promise.all(
        uploaded.map((id) =>
          storageRequest(api, `/${encodeURIComponent(id)}`, { method: 'DELETE' }).catch(() => {}),
        ),
      );
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
