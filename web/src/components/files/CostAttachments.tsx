import { AttachFile, Download, Visibility } from '@mui/icons-material';
import {
  Alert,
  Badge,
  CircularProgress,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Popover,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.ts';
import { CostFilesDocument } from '../../api/generated.ts';
import { useGraphQLQuery } from '../../api/hooks.ts';
import { downloadFile } from '../../api/storage.ts';
import { api } from '../../app/services.ts';
import { formatFileSize } from '../format.ts';
import { FilePreview, type PreviewedFile } from './FilePreview.tsx';
import { Tooltip } from '../Tooltip.tsx';
import { RowIconButton } from '../DataTable/row-icon-button.tsx';

/**
 * A cost's attachments where the cost is shown (a table row, an invoice's cost line): a paperclip
 * with their number; a click lists them, each previewed in the side panel or downloaded. The list
 * is read when opened, so a table of many costs asks for none of them.
 */
export function CostAttachments(props: { costId: number; count: number }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [previewed, setPreviewed] = useState<PreviewedFile>();
  // The list's popover and the preview's panel exist once first opened (then they stay, so that
  // they close with their transition): a table draws this for every row, and most are never
  // opened.
  const [listUsed, setListUsed] = useState(false);
  const [previewUsed, setPreviewUsed] = useState(false);
  const label =
    props.count > 0
      ? t('records.attachmentsCount', { count: props.count })
      : t('records.noAttachments');
  return (
    <>
      <Tooltip title={label}>
        <span>
          <RowIconButton
            aria-label={label}
            disabled={props.count === 0}
            onClick={(event) => {
              setAnchor(event.currentTarget);
              setListUsed(true);
            }}
            data-testid="cost-attachments"
          >
            {/* The number is part of the button's name ("2 files"), as screen readers need. */}
            {props.count > 0 ? (
              <Badge badgeContent={props.count} color="primary" max={99}>
                <AttachFile fontSize="small" />
              </Badge>
            ) : (
              <AttachFile fontSize="small" />
            )}
          </RowIconButton>
        </span>
      </Tooltip>
      {listUsed && (
        <Popover
          open={Boolean(anchor)}
          anchorEl={anchor}
          onClose={() => setAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          // A fixed width, so the list placed while it loads stays on the screen once it is read.
          slotProps={{ paper: { sx: { width: 400, maxWidth: 'calc(100vw - 32px)' } } }}
        >
          {anchor && (
            <AttachmentList
              costId={props.costId}
              onPreview={(file) => {
                setAnchor(null);
                setPreviewed(file);
                setPreviewUsed(true);
              }}
            />
          )}
        </Popover>
      )}
      {previewUsed && <FilePreview file={previewed} onClose={() => setPreviewed(undefined)} />}
    </>
  );
}

function AttachmentList(props: { costId: number; onPreview: (file: PreviewedFile) => void }) {
  const { t, i18n } = useTranslation();
  const [failure, setFailure] = useState<unknown>();
  const query = useGraphQLQuery(
    CostFilesDocument,
    { id: props.costId },
    { reads: ['Cost', 'File'] },
  );
  const files = (query.data?.costById?.costsFiles.nodes ?? []).flatMap((link) =>
    link?.file ? [link.file] : [],
  );
  if (query.isPending) return <CircularProgress sx={{ m: 2 }} aria-label={t('table.loading')} />;
  const error = query.error ?? failure;
  return (
    <List dense data-testid="cost-attachments-list">
      {error !== undefined && error !== null && (
        <Alert severity="error" sx={{ mx: 1 }}>
          {errorMessage(t, error)}
        </Alert>
      )}
      {files.length === 0 && (
        <Typography color="text.secondary" sx={{ px: 2 }}>
          {t('records.noAttachments')}
        </Typography>
      )}
      {files.map((file) => (
        <ListItem
          key={file.id}
          secondaryAction={
            <>
              <Tooltip title={t('records.preview')}>
                <IconButton
                  size="small"
                  onClick={() => props.onPreview(file)}
                  data-testid="preview-file"
                >
                  <Visibility fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('files.download')}>
                <IconButton
                  size="small"
                  edge="end"
                  data-testid="download-file"
                  onClick={() => void downloadFile(api, file.id, file.name).catch(setFailure)}
                >
                  <Download fontSize="small" />
                </IconButton>
              </Tooltip>
            </>
          }
        >
          <ListItemText
            primary={file.name}
            secondary={formatFileSize(Number(file.size), i18n.language)}
            sx={{ pr: 8 }}
          />
        </ListItem>
      ))}
    </List>
  );
}
