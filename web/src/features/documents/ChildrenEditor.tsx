import { LinkOff, Undo } from '@mui/icons-material';
import { Button, Chip, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { ConnectPicker, type Candidate } from './ConnectPicker.tsx';
import type { DocumentDetails } from './document-parts.tsx';

type Child = NonNullable<DocumentDetails['children']['nodes'][number]>;

/**
 * The child documents of the edited document: each may be disconnected (and kept again), and
 * documents found by name are added to connect; the page saves both with the fields.
 */
export function ChildrenEditor(props: {
  documentId: string;
  childDocuments: Child[];
  connect: Candidate[];
  setConnect: Dispatch<SetStateAction<Candidate[]>>;
  disconnect: string[];
  setDisconnect: Dispatch<SetStateAction<string[]>>;
}) {
  const { t } = useTranslation();
  const { childDocuments: children, connect, setConnect, disconnect, setDisconnect } = props;
  return (
    <Paper sx={{ p: 3, mb: 2 }} data-testid="edit-children">
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1, fontWeight: 500 }}>
        {t('documents.form.children')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('documents.form.childrenHelp')}
      </Typography>
      <List dense>
        {children.map((child) => {
          const leaving = disconnect.includes(child.id);
          return (
            <ListItem
              key={child.id}
              data-testid="child-row"
              secondaryAction={
                <Button
                  size="small"
                  startIcon={leaving ? <Undo /> : <LinkOff />}
                  onClick={() =>
                    setDisconnect((ids) =>
                      leaving ? ids.filter((other) => other !== child.id) : [...ids, child.id],
                    )
                  }
                  data-testid="toggle-disconnect"
                >
                  {t(leaving ? 'documents.form.keep' : 'documents.form.disconnect')}
                </Button>
              }
            >
              <ListItemText
                primary={child.name}
                secondary={t(`documents.types.${child.type}`)}
                sx={leaving ? { textDecoration: 'line-through', opacity: 0.6 } : undefined}
              />
            </ListItem>
          );
        })}
        {connect.map((candidate) => (
          <ListItem
            key={candidate.id}
            data-testid="connect-row"
            secondaryAction={
              <Button
                size="small"
                startIcon={<Undo />}
                onClick={() =>
                  setConnect((list) => list.filter((other) => other.id !== candidate.id))
                }
              >
                {t('banking.undo')}
              </Button>
            }
          >
            <ListItemText
              primary={
                <>
                  {candidate.name}{' '}
                  <Chip size="small" color="primary" label={t('documents.form.toConnect')} />
                </>
              }
              secondary={
                candidate.parentName
                  ? t('documents.form.movesFrom', { name: candidate.parentName })
                  : t(`documents.types.${candidate.type}`)
              }
            />
          </ListItem>
        ))}
        {children.length === 0 && connect.length === 0 && (
          <Typography variant="body2">{t('documents.noChildren')}</Typography>
        )}
      </List>
      <ConnectPicker
        exclude={[props.documentId, ...children.map((c) => c.id), ...connect.map((c) => c.id)]}
        onPick={(candidate) => setConnect((list) => [...list, candidate])}
      />
    </Paper>
  );
}
