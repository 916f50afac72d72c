import { Add, Delete, Download, FolderZip, Visibility } from '@mui/icons-material';
import { Button, IconButton, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddBillFilesDocument, RemoveBillFilesDocument } from '../../../api/generated.ts';
import { useGraphQLMutation } from '../../../api/hooks.ts';
import { downloadFile, downloadRecordFiles } from '../../../api/storage.ts';
import { api } from '../../../app/services.ts';
import { FilePreview, type PreviewedFile } from '../../../components/files/FilePreview.tsx';
import type { RecordReport } from '../../../components/RecordNotice.tsx';
import { AddFilesDialog } from '../AddFilesDialog.tsx';
import type { Bill } from './bill-types.ts';
import { Section } from './Section.tsx';
import { Tooltip } from '../../../components/Tooltip.tsx';

/**
 * The bill's act and files: each previewed in the side panel or downloaded, all as one zip; added
 * and removed as the bill's availableActions allow (add_files, remove_files).
 */
export function BillFiles({ bill, report }: { bill: Bill; report: RecordReport }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const [previewed, setPreviewed] = useState<PreviewedFile>();
  const addFiles = useGraphQLMutation(AddBillFilesDocument, ['Bill', 'File']);
  const removeFiles = useGraphQLMutation(RemoveBillFilesDocument, ['Bill', 'File']);
  const allowed = new Set(bill.availableActions ?? []);
  const mayEditFiles = allowed.has('add_files') && allowed.has('remove_files');
  const files = bill.billsFiles.nodes.flatMap((link) => (link?.file ? [link.file] : []));

  const item = (file: PreviewedFile | null | undefined, label?: string, removable = false) => (
    <ListItem
      key={file?.id ?? 'act'}
      disableGutters
      data-testid="file-item"
      secondaryAction={
        file && (
          <>
            <Tooltip title={t('records.preview')}>
              <IconButton onClick={() => setPreviewed(file)} data-testid="preview-file">
                <Visibility />
              </IconButton>
            </Tooltip>
            <IconButton
              aria-label={t('bills.download', { name: file.name })}
              onClick={() => void downloadFile(api, file.id, file.name).catch(report.onFailure)}
            >
              <Download />
            </IconButton>
            {removable && (
              <IconButton
                edge="end"
                aria-label={t('bills.removeFile', { name: file.name })}
                onClick={() =>
                  removeFiles
                    .mutateAsync({ billId: bill.id, fileIds: [file.id] })
                    .then(() => report.onDone(t('records.fileRemoved')), report.onFailure)
                }
                data-testid="remove-file"
              >
                <Delete />
              </IconButton>
            )}
          </>
        )
      }
    >
      <ListItemText primary={file ? file.name : t('bills.noAct')} secondary={label} />
    </ListItem>
  );

  return (
    <Section
      title="documents.fileCount"
      testId="bill-files"
      action={
        <Stack direction="row" spacing={1}>
          <Button
            startIcon={<FolderZip />}
            onClick={() =>
              void downloadRecordFiles(api, 'bills', [bill.id], `bill-${bill.id}`).catch(
                report.onFailure,
              )
            }
            data-testid="download-zip"
          >
            {t('files.zip')}
          </Button>
          {mayEditFiles && (
            <Button startIcon={<Add />} onClick={() => setAdding(true)} data-testid="add-files">
              {t('bills.addFiles')}
            </Button>
          )}
        </Stack>
      }
    >
      <List dense disablePadding>
        {item(bill.act, t('resources.bills.fields.act_id'))}
        {files.map((file) => item(file, undefined, mayEditFiles))}
      </List>
      {files.length === 0 && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('bills.noFiles')}
        </Typography>
      )}
      <AddFilesDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAttach={async (fileIds) => {
          await addFiles.mutateAsync({ billId: bill.id, fileIds });
          report.onDone(t('records.filesAttached'));
        }}
      />
      <FilePreview file={previewed} onClose={() => setPreviewed(undefined)} />
    </Section>
  );
}
