import { Add, Archive, ArrowBack, AttachFile, Edit, Unarchive } from '@mui/icons-material';
import { Box, Button, Chip, IconButton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DocumentDetails } from './document-parts.tsx';
import { recordLink } from '../../components/record-link.ts';

/**
 * The document's name, type, status and archived mark, and what this account may do with it, as
 * the database computes it (documents_available_actions): add a related document, edit, manage
 * files, archive or restore.
 */
export function DocumentHeader(props: {
  document: DocumentDetails;
  onRestore: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const doc = props.document;
  const may = (action: string) => (doc.availableActions ?? []).includes(action);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
      <IconButton component={RouterLink} to="/documents" aria-label={t('documents.backToList')}>
        <ArrowBack />
      </IconButton>
      <Typography variant="h5" component="h1" data-testid="document-name">
        {doc.name}
      </Typography>
      <Chip label={t(`documents.types.${doc.type}`)} data-testid="document-type" />
      {doc.status && (
        <Chip
          variant="outlined"
          color={doc.status === 'active' ? 'success' : 'default'}
          label={t(`documentRegistry.status.${doc.status}`)}
          data-testid="document-status"
        />
      )}
      {doc.isDeleted && <Chip color="warning" label={t('resources.documents.fields.is_deleted')} />}
      <Box sx={{ flexGrow: 1 }} />
      {may('add_child') && (
        <Button
          startIcon={<Add />}
          component={RouterLink}
          to={`/documents/new?parent=${doc.id}`}
          data-testid="add-related"
        >
          {t('documents.addRelated')}
        </Button>
      )}
      {may('edit') && (
        <>
          <Button
            startIcon={<Edit />}
            component={RouterLink}
            to={`${recordLink('document', doc.id)}/edit`}
            data-testid="edit"
          >
            {t('common.edit')}
          </Button>
          <Button
            startIcon={<AttachFile />}
            component={RouterLink}
            to={`${recordLink('document', doc.id)}/files`}
            data-testid="manage-files"
          >
            {t('documents.fileCount')}
          </Button>
        </>
      )}
      {(may('archive') || may('restore')) &&
        (may('restore') ? (
          <Button startIcon={<Unarchive />} onClick={props.onRestore} data-testid="restore">
            {t('archive.restore')}
          </Button>
        ) : (
          <Button
            color="error"
            startIcon={<Archive />}
            onClick={props.onDelete}
            data-testid="delete"
          >
            {t('common.delete')}
          </Button>
        ))}
    </Stack>
  );
}
