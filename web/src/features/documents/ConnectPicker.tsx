import { Add } from '@mui/icons-material';
import { Box, Button, List, ListItem, ListItemText, TextField, Typography } from '@mui/material';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CandidateDocumentsDocument } from '../../api/generated.ts';
import { useGraphQLQuery } from '../../api/hooks.ts';

/** A document that may be connected as a child, and the parent it would leave, if any. */
export interface Candidate {
  id: string;
  name: string;
  type: string;
  parentName: string | null;
}

/** Finds a document by name to connect as a child (up to 25 matches). */
export function ConnectPicker(props: {
  exclude: string[];
  onPick: (candidate: Candidate) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const query = useGraphQLQuery(
    CandidateDocumentsDocument,
    { search: search.trim(), exclude: props.exclude },
    { reads: ['Document'] },
    { enabled: search.trim().length >= 2, placeholderData: keepPreviousData },
  );
  const found = (query.data?.allDocuments?.nodes ?? []).filter((node) => node !== null);
  return (
    <Box sx={{ mt: 2 }}>
      <TextField
        size="small"
        label={t('documents.form.findToConnect')}
        helperText={t('documents.form.findHelp')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ minWidth: 360 }}
        slotProps={{ htmlInput: { 'data-testid': 'connect-search' } }}
      />
      {search.trim().length >= 2 && (
        <List dense data-testid="connect-candidates">
          {found.map((candidate) => (
            <ListItem
              key={candidate.id}
              secondaryAction={
                <Button
                  size="small"
                  startIcon={<Add />}
                  onClick={() => props.onPick(candidate)}
                  data-testid="connect"
                >
                  {t('documents.form.connect')}
                </Button>
              }
            >
              <ListItemText
                primary={candidate.name}
                secondary={[
                  t(`documents.types.${candidate.type}`),
                  candidate.parentName
                    ? t('documents.form.currentParent', { name: candidate.parentName })
                    : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
          {query.isSuccess && found.length === 0 && (
            <Typography variant="body2">{t('documents.form.nothingFound')}</Typography>
          )}
        </List>
      )}
    </Box>
  );
}
