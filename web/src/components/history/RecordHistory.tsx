import { Box, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { downloadFile } from '../../features/documents/document-files.ts';
import { formatDateTime } from '../format.ts';
import {
  describeEntry,
  type HistoryEntry,
  type HistoryLink,
  type RecordKind,
} from './history-format.ts';

/**
 * The history of an invoice, bill, cost or document, newest first (the API's order): each event
 * in words with who and when, the changed fields formatted, and links to the records and files
 * it names. One component for every record page.
 */
export function RecordHistory(props: {
  kind: RecordKind;
  id: string | number;
  entries: readonly (HistoryEntry | null)[];
  onFailure?: (error: unknown) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const entries = props.entries.flatMap((entry) => (entry ? [entry] : []));
  if (entries.length === 0)
    return <Typography color="text.secondary">{t('history.none')}</Typography>;
  const viewing = { kind: props.kind, id: String(props.id) };
  return (
    <List dense disablePadding data-testid="record-history">
      {entries.map((entry) => {
        const described = describeEntry(t, lang, entry, viewing);
        return (
          <ListItem key={entry.id} disableGutters divider data-testid="history-entry">
            <ListItemText
              primary={
                <>
                  <Typography component="span" variant="body2" sx={{ fontWeight: 500 }}>
                    {described.title}
                  </Typography>
                  {described.links.map((link) => (
                    <HistoryLinkView
                      key={`${link.kind}:${link.label}`}
                      link={link}
                      onFailure={props.onFailure}
                    />
                  ))}
                </>
              }
              secondary={
                <>
                  <Typography component="span" variant="caption" sx={{ display: 'block' }}>
                    {`${formatDateTime(entry.createdAt, lang)} · ${entry.userName ?? t('history.system')}`}
                  </Typography>
                  {described.changes.map((change) => (
                    <Typography
                      key={change.field}
                      component="span"
                      variant="caption"
                      sx={{ display: 'block' }}
                      data-testid="history-change"
                    >
                      {t('history.change', { ...change })}
                    </Typography>
                  ))}
                </>
              }
            />
          </ListItem>
        );
      })}
    </List>
  );
}

function HistoryLinkView(props: { link: HistoryLink; onFailure?: (error: unknown) => void }) {
  const { t } = useTranslation();
  const { link } = props;
  return (
    <Box component="span" sx={{ ml: 1 }}>
      {link.kind === 'record' ? (
        <Link component={RouterLink} to={link.to}>
          {link.label}
        </Link>
      ) : (
        <Link
          component="button"
          type="button"
          variant="body2"
          aria-label={t('bills.download', { name: link.label })}
          onClick={() => downloadFile(link.fileId, link.label).catch(props.onFailure)}
        >
          {link.label}
        </Link>
      )}
    </Box>
  );
}
