import { Download, Visibility } from '@mui/icons-material';
import {
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatFileSize } from '../../components/format.ts';
import { downloadFile, viewFile } from './document-files.ts';
import type { DocumentDetails } from './document-parts.tsx';
import { fileTypeName } from '../../i18n/names.ts';

type FileRow = DocumentDetails['documentsFiles']['nodes'][number] & object;

/** The files of a document: name, type, size, uploaded by and at; view and download. */
export function FilesTable(props: {
  files: FileRow[];
  onAction: (work: () => Promise<unknown>) => void;
  extraAction?: (file: FileRow) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  if (!props.files.length) {
    return (
      <Typography variant="body2" data-testid="no-files">
        {t('documents.files.none')}
      </Typography>
    );
  }
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{t('resources.files.fields.name')}</TableCell>
          <TableCell>{t('resources.fields.type')}</TableCell>
          <TableCell align="right">{t('resources.files.fields.size')}</TableCell>
          <TableCell>{t('resources.files.fields.uploaded_by')}</TableCell>
          <TableCell>{t('resources.files.fields.uploaded_at')}</TableCell>
          <TableCell align="right">{t('table.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {props.files.map((link) => (
          <TableRow key={link.id} data-testid="file-row">
            <TableCell data-testid="file-name">{link.file?.name}</TableCell>
            <TableCell>{fileTypeName(t, link.file?.contentType)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {link.file ? formatFileSize(Number(link.file.size), i18n.language) : ''}
            </TableCell>
            <TableCell>{link.userByUploadedBy?.displayName}</TableCell>
            <TableCell>{formatDateTime(link.uploadedAt, i18n.language)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <IconButton
                size="small"
                aria-label={t('documents.files.view', { name: link.file?.name })}
                onClick={() => props.onAction(() => viewFile(link.fileId))}
                data-testid="view-file"
              >
                <Visibility fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={t('bills.download', { name: link.file?.name })}
                onClick={() =>
                  props.onAction(() => downloadFile(link.fileId, link.file?.name ?? link.fileId))
                }
                data-testid="download-file"
              >
                <Download fontSize="small" />
              </IconButton>
              {props.extraAction?.(link)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
