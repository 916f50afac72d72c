import { RecordHistory } from '../../components/history/RecordHistory.tsx';
import {
  Add,
  Archive,
  ArrowBack,
  AttachFile,
  Download,
  Edit,
  FolderZip,
  Unarchive,
  Visibility,
} from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemText,
  Paper,
  Snackbar,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../api/errors.ts';
import { SetDocumentDeletedDocument } from '../../api/generated.ts';
import { useGraphQLMutation } from '../../api/hooks.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { formatDateTime, formatFileSize, formatMoney } from '../../components/format.ts';
import { formatDay } from './document-format.ts';
import { downloadFile, downloadZip, viewFile } from './document-files.ts';
import {
  DocumentGate,
  personName,
  useRouteDocument,
  type DocumentDetails,
} from './document-parts.tsx';
import { fileTypeName } from '../../i18n/names.ts';

/** Document details (SPEC §2): fields, files, connected documents, edit, files, archive. */
export default function DocumentPage() {
  const { id, query, document } = useRouteDocument();
  return (
    <DocumentGate id={id} query={query} document={document}>
      {(doc) => <Details document={doc} />}
    </DocumentGate>
  );
}

function Details({ document: doc }: { document: DocumentDetails }) {
  const { t, i18n } = useTranslation();
  const setDeleted = useGraphQLMutation(SetDocumentDeletedDocument, ['Document']);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const run = (work: () => Promise<unknown>) => {
    work().catch((error: unknown) => setFailure(error));
  };
  const files = doc.documentsFiles.nodes.filter((node) => node !== null);
  const children = doc.children.nodes.filter((node) => node !== null);
  const people = (nodes: ({ user: { firstName: string; lastName: string } | null } | null)[]) =>
    nodes
      .map((node) => personName(node?.user))
      .filter(Boolean)
      .join(', ');
  const day = (value: string | null) => formatDay(value, i18n.language);
  // What this account may do here, as the database computes it (documents_available_actions).
  const may = (action: string) => (doc.availableActions ?? []).includes(action);

  return (
    <Box sx={{ p: 3 }} data-testid="document-details">
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
        {doc.isDeleted && <Chip color="warning" label={t('documents.archived')} />}
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
              to={`/documents/${doc.id}/edit`}
              data-testid="edit"
            >
              {t('common.edit')}
            </Button>
            <Button
              startIcon={<AttachFile />}
              component={RouterLink}
              to={`/documents/${doc.id}/files`}
              data-testid="manage-files"
            >
              {t('documents.files.manage')}
            </Button>
          </>
        )}
        {(may('archive') || may('restore')) &&
          (may('restore') ? (
            <Button
              startIcon={<Unarchive />}
              onClick={() => run(() => setDeleted.mutateAsync({ id: doc.id, isDeleted: false }))}
              data-testid="restore"
            >
              {t('documents.restore')}
            </Button>
          ) : (
            <Button
              color="error"
              startIcon={<Archive />}
              onClick={() => setConfirming(true)}
              data-testid="delete"
            >
              {t('common.delete')}
            </Button>
          ))}
      </Stack>

      <Paper sx={{ p: 2, mb: 2 }}>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(160px, 220px) 1fr)' },
            columnGap: 2,
            rowGap: 1,
            m: 0,
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, overflowWrap: 'anywhere' },
          }}
        >
          <Field label={t('documents.contractor')} testId="field-contractor">
            {doc.contractor?.legalName}
          </Field>
          <Field label={t('documents.principal')} testId="field-principal">
            {doc.principal && (
              <Link component={RouterLink} to={`/subsidiaries/${doc.principal.id}`}>
                {doc.principal.legalName}
              </Link>
            )}
          </Field>
          <Field label={t('documents.client')}>{doc.client?.legalName}</Field>
          <Field label={t('documents.service')}>{doc.service?.name}</Field>
          <Field label={t('documents.amount')} testId="field-amount">
            {formatMoney(doc.amount, i18n.language, doc.currency ?? undefined)}
          </Field>
          <Field label={t('documents.email')}>{doc.email}</Field>
          <Field label={t('documentRegistry.contractNumber')} testId="field-contract-number">
            {doc.contractNumber}
          </Field>
          <Field label={t('documentRegistry.terminatedOn')}>{day(doc.terminatedOn)}</Field>
          <Field label={t('documents.signingDate')} testId="field-signing">
            {day(doc.signingDate)}
          </Field>
          <Field label={t('documents.expirationDate')} testId="field-expiration">
            {day(doc.expirationDate)}
          </Field>
          <Field label={t('documents.expirationConditions')}>{doc.expirationConditions}</Field>
          <Field label={t('documents.extendsContract')}>
            {t(doc.expirationExtendsContract ? 'documents.yes' : 'documents.no')}
          </Field>
          <Field label={t('documents.description')}>{doc.description}</Field>
          <Field label={t('documents.comments')}>{doc.comments}</Field>
          <Field label={t('documents.readers')} testId="field-readers">
            {people(doc.documentReaders.nodes)}
          </Field>
          <Field label={t('documents.editors')} testId="field-editors">
            {people(doc.documentEditors.nodes)}
          </Field>
          <Field label={t('documents.createdBy')}>
            {[personName(doc.userByCreatedBy), formatDateTime(doc.createdAt, i18n.language)]
              .filter(Boolean)
              .join(', ')}
          </Field>
          <Field label={t('documents.updatedAt')}>
            {formatDateTime(doc.updatedAt, i18n.language)}
          </Field>
        </Box>
      </Paper>

      <Paper sx={{ p: 2, mb: 2 }} data-testid="connected-documents">
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('documents.connected')}
        </Typography>
        <Typography variant="subtitle2" color="text.secondary">
          {t('documents.parent')}
        </Typography>
        {doc.parent ? (
          <List dense>
            <ListItem data-testid="parent-document">
              <ListItemText
                primary={
                  <Link component={RouterLink} to={`/documents/${doc.parent.id}`}>
                    {doc.parent.name}
                  </Link>
                }
                secondary={t(`documents.types.${doc.parent.type}`)}
              />
            </ListItem>
          </List>
        ) : (
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('documents.noParent')}
          </Typography>
        )}
        <Typography variant="subtitle2" color="text.secondary">
          {t('documents.children', { count: doc.children.totalCount })}
        </Typography>
        {children.length ? (
          <List dense data-testid="child-documents">
            {children.map((child) => (
              <ListItem key={child.id}>
                <ListItemText
                  primary={
                    <>
                      <Link component={RouterLink} to={`/documents/${child.id}`}>
                        {child.name}
                      </Link>
                      {child.isDeleted && (
                        <Chip
                          size="small"
                          color="warning"
                          label={t('documents.archived')}
                          sx={{ ml: 1 }}
                          data-testid="child-archived"
                        />
                      )}
                    </>
                  }
                  secondary={[
                    t(`documents.types.${child.type}`),
                    [day(child.signingDate), day(child.expirationDate)].filter(Boolean).join(' – '),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography variant="body2">{t('documents.noChildren')}</Typography>
        )}
      </Paper>

      <Paper sx={{ p: 2 }} data-testid="document-files">
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2">
            {t('documents.files.title')}
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
          onFailure={setFailure}
        />
      </Paper>

      <ConfirmDialog
        open={confirming}
        title={t('common.delete')}
        text={t('documents.deleteQuestion', { name: doc.name })}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          run(() => setDeleted.mutateAsync({ id: doc.id, isDeleted: true }));
        }}
      />
      <Snackbar
        open={failure !== undefined}
        autoHideDuration={8000}
        onClose={() => setFailure(undefined)}
      >
        <Alert severity="error" onClose={() => setFailure(undefined)} data-testid="action-error">
          {errorMessage(t, failure)}
        </Alert>
      </Snackbar>
    </Box>
  );
}

function Field(props: { label: string; children?: ReactNode; testId?: string }) {
  const empty = props.children === undefined || props.children === null || props.children === '';
  return (
    <>
      <Typography component="dt" variant="body2">
        {props.label}
      </Typography>
      <Typography component="dd" variant="body2" data-testid={props.testId}>
        {empty ? '—' : props.children}
      </Typography>
    </>
  );
}

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
          <TableCell>{t('documents.files.name')}</TableCell>
          <TableCell>{t('documents.files.type')}</TableCell>
          <TableCell align="right">{t('documents.files.size')}</TableCell>
          <TableCell>{t('documents.files.uploadedBy')}</TableCell>
          <TableCell>{t('documents.files.uploadedAt')}</TableCell>
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
            <TableCell>{personName(link.userByUploadedBy)}</TableCell>
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
                aria-label={t('documents.files.download', { name: link.file?.name })}
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
