import { FolderZip } from '@mui/icons-material';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SetDocumentDeletedDocument } from '../../api/generated.ts';
import { useGraphQLMutation } from '../../api/hooks.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { RecordHistory } from '../../components/history/RecordHistory.tsx';
import { useRecordNotice } from '../../components/RecordNotice.tsx';
import { ConnectedDocuments } from './ConnectedDocuments.tsx';
import { downloadZip } from './document-files.ts';
import { type DocumentDetails, documentRoute } from './document-parts.tsx';
import { DocumentFieldList } from './DocumentFieldList.tsx';
import { FilesTable } from './DocumentFilesTable.tsx';
import { DocumentHeader } from './DocumentHeader.tsx';

/** Document details (SPEC §2): fields, files, connected documents, edit, files, archive. */
export default documentRoute(Details);

function Details({ document: doc }: { document: DocumentDetails }) {
  const { t } = useTranslation();
  const setDeleted = useGraphQLMutation(SetDocumentDeletedDocument, ['Document']);
  const [confirming, setConfirming] = useState(false);
  // Every action says it worked (a toast), or shows the database's refusal, translated.
  const { report, element: notice } = useRecordNotice('document-notice');
  const run = (work: () => Promise<unknown>, done?: string) => {
    work().then(
      () => done && report.onDone(t(done, { name: doc.name })),
      (error: unknown) => report.onFailure(error),
    );
  };
  const files = doc.documentsFiles.nodes.filter((node) => node !== null);

  return (
    <Box sx={{ p: 3 }} data-testid="document-details">
      <DocumentHeader
        document={doc}
        onRestore={() =>
          run(() => setDeleted.mutateAsync({ id: doc.id, isDeleted: false }), 'documents.restored')
        }
        onDelete={() => setConfirming(true)}
      />

      <DocumentFieldList document={doc} />

      <ConnectedDocuments document={doc} />

      <Paper sx={{ p: 2 }} data-testid="document-files">
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2">
            {t('documents.fileCount')}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          {files.length > 0 && (
            <Button
              startIcon={<FolderZip />}
              onClick={() =>
                run(() =>
                  downloadZip(
                    files.map((f) => f.fileId),
                    doc.name,
                  ),
                )
              }
              data-testid="download-zip"
            >
              {t('documents.files.zip')}
            </Button>
          )}
        </Stack>
        <FilesTable files={files} onAction={run} />
      </Paper>

      <Paper sx={{ p: 2, mt: 2 }} data-testid="document-history">
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('history.heading')}
        </Typography>
        <RecordHistory
          kind="documents"
          id={doc.id}
          entries={doc.history.nodes}
          onFailure={report.onFailure}
        />
      </Paper>

      <ConfirmDialog
        open={confirming}
        title={t('common.delete')}
        text={t('documents.deleteQuestion', { name: doc.name })}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          run(
            () => setDeleted.mutateAsync({ id: doc.id, isDeleted: true }),
            'resources.documents.fields.is_deleted',
          );
        }}
      />
      {notice}
    </Box>
  );
}
