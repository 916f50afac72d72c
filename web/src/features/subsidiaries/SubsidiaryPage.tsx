import { Link as LinkIcon } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Link,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../api/errors.ts';
import {
  LinkSubsidiaryDocumentDocument,
  SubsidiaryDetailsDocument,
  type SubsidiaryDetailsQuery,
} from '../../api/generated.ts';
import { useGraphQLMutation, useGraphQLQuery } from '../../api/hooks.ts';
import { countryName } from '../../components/form/CountryInput.tsx';
import { formatDateTime, formatMoney } from '../../components/format.ts';
import { useSession } from '../../session/useSession.ts';
import { formatDay } from '../documents/document-format.ts';
import { SubsidiaryControls } from './SubsidiaryControls.tsx';

type Subsidiary = NonNullable<SubsidiaryDetailsQuery['subsidiaryById']>;

/** Subsidiary details (SPEC §2): its linked document as it is now, and the documents where it is
 *  the principal. */
export default function SubsidiaryPage() {
  const { t } = useTranslation();
  const id = useParams().subsidiary ?? '';
  const query = useGraphQLQuery(
    SubsidiaryDetailsDocument,
    { id },
    { reads: ['Company', 'Document', 'File'] },
  );
  if (query.isPending) {
    return (
      <Box sx={{ p: 3, display: 'flex', justifyContent: 'center' }}>
        <CircularProgress aria-label={t('table.loading')} />
      </Box>
    );
  }
  if (query.error) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error">{errorMessage(t, query.error)}</Alert>
      </Box>
    );
  }
  const subsidiary = query.data?.subsidiaryById;
  if (!subsidiary) {
    return (
      <Box sx={{ p: 3 }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {t('titles.subsidiaryDetails')}
        </Typography>
        <Alert severity="warning" data-testid="subsidiary-not-found">
          {t('subsidiaries.notFound', { id })}{' '}
          <Link component={RouterLink} to="/documents" data-testid="back-to-list">
            {t('documents.backToList')}
          </Link>
        </Alert>
      </Box>
    );
  }
  return <Details subsidiary={subsidiary} />;
}

function Details({ subsidiary }: { subsidiary: Subsidiary }) {
  const { t, i18n } = useTranslation();
  const linked = subsidiary.linkedDocument;
  const documents = subsidiary.documentsByPrincipalId.nodes.filter((node) => node !== null);
  const day = (value: string | null) => formatDay(value, i18n.language);
  return (
    <Box sx={{ p: 3 }} data-testid="subsidiary-details">
      <Typography variant="h5" component="h1" data-testid="subsidiary-name">
        {subsidiary.legalName}
      </Typography>
      <Typography variant="body1" color="text.secondary" sx={{ mb: 2 }}>
        {[subsidiary.shortName, countryName(subsidiary.country, i18n.language)]
          .filter(Boolean)
          .join(' · ')}
      </Typography>

      <SubsidiaryControls id={subsidiary.id} />

      <Paper sx={{ p: 2, mb: 2 }} data-testid="linked-document">
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('resources.subsidiaries.fields.linked_document_id')}
        </Typography>
        {linked ? (
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: 'minmax(160px, 220px) 1fr' },
              columnGap: 2,
              rowGap: 1,
              m: 0,
              '& dt': { color: 'text.secondary' },
              '& dd': { m: 0 },
            }}
          >
            <Row label={t('resources.fields.name')}>
              <Link
                component={RouterLink}
                to={`/documents/${linked.id}`}
                data-testid="linked-document-link"
              >
                {linked.name}
              </Link>
            </Row>
            <Row label={t('resources.fields.type')}>{t(`documents.types.${linked.type}`)}</Row>
            <Row label={t('resources.documents.fields.contractor_id')}>
              {linked.contractor?.legalName}
            </Row>
            <Row label={t('resources.fields.amount')}>
              {formatMoney(linked.amount, i18n.language, linked.currency ?? undefined)}
            </Row>
            <Row label={t('resources.documents.fields.signing_date')}>
              {day(linked.signingDate)}
            </Row>
            <Row label={t('resources.documents.fields.expiration_date')}>
              {day(linked.expirationDate)}
            </Row>
            <Row label={t('documents.fileCount')}>{String(linked.documentsFiles.totalCount)}</Row>
            <Row label={t('resources.documents.fields.updated_at')}>
              {formatDateTime(linked.updatedAt, i18n.language)}
            </Row>
          </Box>
        ) : (
          <LinkDocument subsidiary={subsidiary} />
        )}
      </Paper>

      <Paper sx={{ p: 2 }} data-testid="principal-documents">
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('subsidiaries.asPrincipal', { count: subsidiary.documentsByPrincipalId.totalCount })}
        </Typography>
        {documents.length ? (
          <List dense>
            {documents.map((doc) => (
              <ListItem key={doc.id}>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`/documents/${doc.id}`}>
                      {doc.name}
                    </Link>
                  }
                  secondary={[
                    t(`documents.types.${doc.type}`),
                    [day(doc.signingDate), day(doc.expirationDate)].filter(Boolean).join(' – '),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography variant="body2">{t('subsidiaries.noDocuments')}</Typography>
        )}
      </Paper>
    </Box>
  );
}

function Row(props: { label: string; children?: ReactNode }) {
  const empty = props.children === undefined || props.children === null || props.children === '';
  return (
    <>
      <Typography component="dt" variant="body2">
        {props.label}
      </Typography>
      <Typography component="dd" variant="body2">
        {empty ? '—' : props.children}
      </Typography>
    </>
  );
}

/** No linked document yet: a writer links one of the documents where it is the principal. */
function LinkDocument({ subsidiary }: { subsidiary: Subsidiary }) {
  const { t } = useTranslation();
  const { permissions } = useSession();
  const link = useGraphQLMutation(LinkSubsidiaryDocumentDocument, ['Company', 'Document']);
  const [choice, setChoice] = useState('');
  const [failure, setFailure] = useState<unknown>();
  const documents = subsidiary.documentsByPrincipalId.nodes.filter((node) => node !== null);
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="no-linked-document">
        {t('subsidiaries.noLinkedDocument')}
      </Typography>
      {permissions.documentsWrite && documents.length > 0 && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={t('subsidiaries.chooseDocument')}
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            sx={{ minWidth: 320 }}
          >
            {documents.map((doc) => (
              <MenuItem key={doc.id} value={doc.id}>
                {doc.name}
              </MenuItem>
            ))}
          </TextField>
          <Button
            startIcon={<LinkIcon />}
            disabled={!choice}
            onClick={() => {
              setFailure(undefined);
              link
                .mutateAsync({ id: subsidiary.id, documentId: choice })
                .catch((error: unknown) => setFailure(error));
            }}
            data-testid="link-document"
          >
            {t('subsidiaries.link')}
          </Button>
        </Stack>
      )}
      {failure !== undefined && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(t, failure)}
        </Alert>
      )}
    </Box>
  );
}
