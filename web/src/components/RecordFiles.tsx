import { Delete, Download, FolderZip, Visibility } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/errors.ts';
import { downloadFile, downloadRecordFiles } from '../api/storage.ts';
import { api } from '../app/services.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { FileDropZone } from './form/FileDropZone.tsx';
import { useUploads } from './form/use-uploads.ts';
import type { PickedFile } from './form/file-rules.ts';
import { FilePreview, type PreviewedFile } from './files/FilePreview.tsx';
import { formatDateTime, formatFileSize } from './format.ts';
import { Tooltip } from './Tooltip.tsx';

export interface RecordFile {
  id: string;
  name: string;
  size: string | number;
  uploadedAt: string;
  userByUploadedBy?: { displayName?: string | null } | null;
}

/**
 * The files of an invoice, bill or cost: view (PDFs and images in a side panel), download, all as
 * one zip, and — for those who may change the record — upload (the drop zone) and remove. Each
 * file is fetched with the bearer token, so a plain link would not do.
 */
export function RecordFiles(props: {
  kind: 'invoices' | 'bills' | 'costs';
  recordId: number;
  /** The zip's name. */
  zipName: string;
  files: RecordFile[];
  canChange: boolean;
  attach: (fileIds: string[]) => Promise<unknown>;
  remove: (fileIds: string[]) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const [removing, setRemoving] = useState<RecordFile>();
  const [previewed, setPreviewed] = useState<PreviewedFile>();
  const uploads = useUploads();

  const act = async (work: () => Promise<unknown>) => {
    setFailure(undefined);
    try {
      await work();
    } catch (error) {
      setFailure(error);
    }
  };

  // Upload, then attach; a failure follows the one policy of useUploads.
  const upload = () =>
    act(async () => {
      setUploading(true);
      try {
        await props.attach(await uploads.upload(picked, setPicked));
        uploads.forget();
        setPicked([]);
      } catch (error) {
        await uploads.failed(error);
        throw error;
      } finally {
        setUploading(false);
      }
    });

  return (
    <Box data-testid="record-files">
      {failure !== undefined && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => setFailure(undefined)}>
          {errorMessage(t, failure)}
        </Alert>
      )}
      {props.files.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('files.none')}
        </Typography>
      ) : (
        <>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('files.name')}</TableCell>
                <TableCell align="right">{t('files.size')}</TableCell>
                <TableCell>{t('files.uploadedBy')}</TableCell>
                <TableCell>{t('files.uploadedAt')}</TableCell>
                <TableCell align="right">{t('table.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {props.files.map((file) => (
                <TableRow key={file.id} data-testid="file-row">
                  <TableCell>{file.name}</TableCell>
                  <TableCell align="right">
                    {formatFileSize(Number(file.size), i18n.language)}
                  </TableCell>
                  <TableCell>{file.userByUploadedBy?.displayName ?? ''}</TableCell>
                  <TableCell>{formatDateTime(file.uploadedAt, i18n.language)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={t('files.view')}>
                      <IconButton
                        size="small"
                        onClick={() => setPreviewed(file)}
                        data-testid="preview-file"
                      >
                        <Visibility fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('files.download')}>
                      <IconButton
                        size="small"
                        onClick={() => void act(() => downloadFile(api, file.id, file.name))}
                      >
                        <Download fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    {props.canChange && (
                      <Tooltip title={t('files.removeFile')}>
                        <IconButton size="small" color="error" onClick={() => setRemoving(file)}>
                          <Delete fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Button
            sx={{ mt: 1 }}
            startIcon={<FolderZip />}
            onClick={() =>
              void act(() => downloadRecordFiles(api, props.kind, [props.recordId], props.zipName))
            }
            data-testid="download-zip"
          >
            {t('files.zip')}
          </Button>
        </>
      )}
      {props.canChange && (
        <Stack spacing={1} sx={{ mt: 2 }}>
          <FileDropZone files={picked} onChange={setPicked} disabled={uploading} />
          <Box>
            <Button
              variant="contained"
              disabled={picked.length === 0 || uploading}
              onClick={() => void upload()}
              data-testid="upload-files"
            >
              {t('files.upload')}
            </Button>
          </Box>
        </Stack>
      )}
      <FilePreview file={previewed} onClose={() => setPreviewed(undefined)} />
      <ConfirmDialog
        open={Boolean(removing)}
        title={t('files.removeFile')}
        text={t('files.removeQuestion', { name: removing?.name ?? '' })}
        onClose={() => setRemoving(undefined)}
        onConfirm={() => {
          const file = removing;
          setRemoving(undefined);
          if (file) void act(() => props.remove([file.id]));
        }}
      />
    </Box>
  );
}
