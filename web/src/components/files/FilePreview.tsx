import { Close, Download } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Drawer,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import { downloadFile, fetchFile } from '../../api/storage.ts';
import { api } from '../../app/services.ts';

export interface PreviewedFile {
  id: string;
  name: string;
}

type Shown =
  | { state: 'loading' }
  | { state: 'ready'; url: string; type: string }
  | { state: 'failed'; error: unknown };

/** What the side panel can show itself: PDFs in the browser's viewer, images as they are. */
function previewKind(type: string, name: string): 'pdf' | 'image' | undefined {
  if (type === 'application/pdf' || /\.pdf$/i.test(name)) return 'pdf';
  if (type.startsWith('image/') || /\.(png|jpe?g|gif|webp)$/i.test(name)) return 'image';
  return undefined;
}

/**
 * A stored file shown in a side panel beside its record (PDFs and images inline, anything else
 * offered as a download), fetched with the bearer token; its object URL is released when the
 * panel closes or shows another file.
 */
export function FilePreview(props: { file: PreviewedFile | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { file } = props;
  const [shown, setShown] = useState<Shown>({ state: 'loading' });
  const [failure, setFailure] = useState<unknown>();

  useEffect(() => {
    if (!file) return;
    let url: string | undefined;
    let current = true;
    setShown({ state: 'loading' });
    setFailure(undefined);
    fetchFile(api, file.id).then(
      (blob) => {
        if (!current) return;
        url = URL.createObjectURL(blob);
        setShown({ state: 'ready', url, type: blob.type });
      },
      (error: unknown) => current && setShown({ state: 'failed', error }),
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file]);

  const kind = shown.state === 'ready' && file ? previewKind(shown.type, file.name) : undefined;
  return (
    <Drawer
      anchor="right"
      open={Boolean(file)}
      onClose={props.onClose}
      // Above the application bar, so the panel's title, download and close stay in view.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width: { xs: '100%', md: '50vw' } } } }}
    >
      <Stack sx={{ height: '100%' }} data-testid="file-preview">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', p: 1, pl: 2 }}>
          <Typography variant="h6" component="h2" noWrap sx={{ flexGrow: 1 }}>
            {t('records.previewTitle', { name: file?.name ?? '' })}
          </Typography>
          {file && (
            <Button
              startIcon={<Download />}
              onClick={() => void downloadFile(api, file.id, file.name).catch(setFailure)}
              data-testid="preview-download"
            >
              {t('files.download')}
            </Button>
          )}
          <IconButton aria-label={t('common.close')} onClick={props.onClose}>
            <Close />
          </IconButton>
        </Stack>
        {failure !== undefined && (
          <Alert severity="error" sx={{ mx: 2 }}>
            {errorMessage(t, failure)}
          </Alert>
        )}
        <Box sx={{ flexGrow: 1, minHeight: 0, bgcolor: 'grey.100' }}>
          {shown.state === 'loading' && (
            <Box sx={{ p: 4, textAlign: 'center' }}>
              <CircularProgress aria-label={t('records.previewLoading')} />
            </Box>
          )}
          {shown.state === 'failed' && (
            <Alert severity="error" sx={{ m: 2 }}>
              {errorMessage(t, shown.error)}
            </Alert>
          )}
          {shown.state === 'ready' && kind === 'pdf' && (
            <Box
              component="iframe"
              src={shown.url}
              title={file?.name}
              data-testid="preview-pdf"
              sx={{ border: 0, width: '100%', height: '100%' }}
            />
          )}
          {shown.state === 'ready' && kind === 'image' && (
            <Box
              component="img"
              src={shown.url}
              alt={file?.name}
              data-testid="preview-image"
              sx={{ display: 'block', maxWidth: '100%', maxHeight: '100%', m: 'auto' }}
            />
          )}
          {shown.state === 'ready' && !kind && (
            <Alert severity="info" sx={{ m: 2 }} data-testid="preview-unsupported">
              {t('records.previewUnsupported')}
            </Alert>
          )}
        </Box>
      </Stack>
    </Drawer>
  );
}
