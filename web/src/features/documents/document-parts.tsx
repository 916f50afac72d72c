import { Alert, Box, CircularProgress, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../api/errors.ts';
import { DocumentDetailsDocument, type DocumentDetailsQuery } from '../../api/generated.ts';
import { useGraphQLQuery } from '../../api/hooks.ts';

export type DocumentDetails = NonNullable<DocumentDetailsQuery['documentById']>;

/** The document of the route (`documents/:document…`), with every part its pages show. */
export function useRouteDocument() {
  const id = useParams().document ?? '';
  const query = useGraphQLQuery(
    DocumentDetailsDocument,
    { id },
    { reads: ['Document', 'File', 'Company', 'Service', 'User'] },
  );
  return { id, query, document: query.data?.documentById ?? undefined };
}

/**
 * Loading, a failure, and "Document #{id} not found or you don't have access." with a link back to
 * the list (SPEC §8); the page itself once the document is there.
 */
export function DocumentGate(props: {
  id: string;
  query: ReturnType<typeof useRouteDocument>['query'];
  document: DocumentDetails | undefined;
  children: (document: DocumentDetails) => ReactNode;
}) {
  const { t } = useTranslation();
  if (props.query.isPending) {
    return (
      <Box sx={{ p: 3, display: 'flex', justifyContent: 'center' }}>
        <CircularProgress aria-label={t('table.loading')} />
      </Box>
    );
  }
  if (props.query.error) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error">{errorMessage(t, props.query.error)}</Alert>
      </Box>
    );
  }
  if (!props.document) {
    return (
      <Box sx={{ p: 3 }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {t('titles.documentDetails')}
        </Typography>
        <Alert severity="warning" data-testid="document-not-found">
          {t('documents.notFound', { id: props.id })}{' '}
          <Link component={RouterLink} to="/documents" data-testid="back-to-list">
            {t('documents.backToList')}
          </Link>
        </Alert>
      </Box>
    );
  }
  return <>{props.children(props.document)}</>;
}

/** A page of the route's document: `Page` is shown with the document once it is loaded. */
export function documentRoute(Page: (props: { document: DocumentDetails }) => ReactNode) {
  return function DocumentRoute() {
    const { id, query, document } = useRouteDocument();
    return (
      <DocumentGate id={id} query={query} document={document}>
        {(doc) => <Page document={doc} />}
      </DocumentGate>
    );
  };
}
