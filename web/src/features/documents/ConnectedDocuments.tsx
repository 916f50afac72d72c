import { Chip, Link, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDay } from './document-format.ts';
import type { DocumentDetails } from './document-parts.tsx';
import { recordLink } from '../../components/record-link.ts';

/** The document's parent and its children (archived ones marked), each a link. */
export function ConnectedDocuments({ document: doc }: { document: DocumentDetails }) {
  const { t, i18n } = useTranslation();
  const children = doc.children.nodes.filter((node) => node !== null);
  const day = (value: string | null) => formatDay(value, i18n.language);
  return (
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
                <Link component={RouterLink} to={recordLink('document', doc.parent.id)}>
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
                    <Link component={RouterLink} to={recordLink('document', child.id)}>
                      {child.name}
                    </Link>
                    {child.isDeleted && (
                      <Chip
                        size="small"
                        color="warning"
                        label={t('resources.documents.fields.is_deleted')}
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
  );
}
