import { Delete, Upload } from '@mui/icons-material';
import { Alert, Box, Button, IconButton, Paper, Snackbar, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { showsChanged } from '../../api/cache.ts';
import { errorMessage } from '../../api/errors.ts';
import { AddDocumentFilesDocument } from '../../api/generated.ts';
import { useGraphQLMutation } from '../../api/hooks.ts';
import { storageRequest } from '../../api/storage.ts';
import { api } from '../../app/services.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FileDropZone, uploadPicked } from '../../components/form/FileDropZone.tsx';
import type { PickedFile } from '../../components/form/file-rules.ts';
import { FilesTable } from './DocumentFilesTable.tsx';
import { type DocumentDetails, documentRoute } from './document-parts.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { recordLink } from '../../components/record-link.ts';

/** A document's files (SPEC §2 `documents/{id}/files`): add (upload, then attach) and remove. */
export default documentRoute(Files);

function Files({ document: doc }: { document: DocumentDetails }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const attach = useGraphQLMutation(AddDocumentFilesDocument, ['Document', 'File']);
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [removing, setRemoving] = useState<{ fileId: string; name: string }>();
  const [failure, setFailure] = useState<unknown>();
  const [done, setDone] = useState<string>();
  const files = doc.documentsFiles.nodes.filter((node) => node !== null);

  const run = (work: () => Promise<unknown>) => {
    work().catch((error: unknown) => setFailure(error));
  };

  const upload = async () => {
    setUploading(true);
    setFailure(undefined);
    try {
      const fileIds = await uploadPicked(picked, setPicked);
      await attach.mutateAsync({ id: doc.id, fileIds });
      setPicked([]);
      setDone(t('documents.files.added', { count: fileIds.length }));
    } catch (error) {
      setFailure(error);
    } finally {
      setUploading(false);
    }
  };

  const remove = async (fileId: string) => {
    // The storage removes the file and its attachments (a writer of every record it is on).
    await storageRequest(api, `/${encodeURIComponent(fileId)}`, { method: 'DELETE' });
    await queryClient.invalidateQueries({
      predicate: (query) => showsChanged(query.meta, ['Document', 'File']),
    });
    setDone(t('documents.files.removed'));
  };

  if (!doc.canEdit) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="warning" data-testid="cannot-edit">
          {t('documents.cannotEdit')}
        </Alert>
      </Box>
    );
  }

  return (
    <Box sx={{ p: 3 }}>
      <PageTitle
        title={t('documents.files.pageTitle', { name: doc.name })}
        back={{ to: recordLink('document', doc.id), label: 'documents.backToDocument' }}
      />
      <Paper sx={{ p: 2, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('documents.files.attached')}
        </Typography>
        <FilesTable
          files={files}
          onAction={run}
          extraAction={(link) => (
            <IconButton
              size="small"
              color="error"
              aria-label={t('bills.removeFile', { name: link.file?.name })}
              onClick={() => setRemoving({ fileId: link.fileId, name: link.file?.name ?? '' })}
              data-testid="remove-file"
            >
              <Delete fontSize="small" />
            </IconButton>
          )}
        />
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('bills.addFiles')}
        </Typography>
        <FileDropZone
          files={picked}
          onChange={setPicked}
          disabled={uploading}
          testId="document-drop-zone"
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
          <Button
            variant="contained"
            startIcon={<Upload />}
            disabled={uploading || picked.length === 0}
            onClick={() => void upload()}
            data-testid="upload"
          >
            {t('documents.files.upload')}
          </Button>
        </Stack>
      </Paper>
      {failure !== undefined && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="files-error">
          {errorMessage(t, failure)}
        </Alert>
      )}
      <ConfirmDialog
        open={removing !== undefined}
        title={t('common.delete')}
        text={t('documents.files.removeQuestion', { name: removing?.name ?? '' })}
        onClose={() => setRemoving(undefined)}
        onConfirm={() => {
          const target = removing;
          setRemoving(undefined);
          if (target) run(() => remove(target.fileId));
        }}
      />
      <Snackbar
        open={done !== undefined}
        autoHideDuration={4000}
        onClose={() => setDone(undefined)}
      >
        <Alert severity="success" onClose={() => setDone(undefined)} data-testid="files-done">
          {done}
        </Alert>
      </Snackbar>
    </Box>
  );
}
