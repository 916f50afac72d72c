import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format.ts';
import type { Draft } from './drafts.ts';

/** Says that a wizard opened on a kept draft, and offers to discard it. */
export function DraftNotice(props: { draft: Draft<unknown> | undefined; onDiscard: () => void }) {
  const { t, i18n } = useTranslation();
  if (!props.draft) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      data-testid="draft-restored"
      action={
        <Button color="inherit" size="small" onClick={props.onDiscard} data-testid="discard-draft">
          {t('records.draftDiscard')}
        </Button>
      }
    >
      {t('records.draftRestored', { date: formatDateTime(props.draft.savedAt, i18n.language) })}
    </Alert>
  );
}
