import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/** The question asked before what was typed is dropped: stay (the default) or leave. */
export function LeaveDialog(props: { open: boolean; onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={props.open} onClose={props.onStay} data-testid="unsaved-dialog">
      <DialogTitle>{t('records.unsavedTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('records.unsavedText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={props.onStay} autoFocus data-testid="unsaved-stay">
          {t('records.unsavedStay')}
        </Button>
        <Button color="error" onClick={props.onLeave} data-testid="unsaved-leave">
          {t('records.unsavedLeave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * While `when` holds (a wizard or dialog with changes), leaving asks first: a link in the app
 * (the sidebar, Back) through the router's blocker, closing or reloading the tab through the
 * browser's own question (beforeunload). A change of the query string alone is no leaving.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);
  return (
    <LeaveDialog
      open={blocker.state === 'blocked'}
      onStay={() => blocker.reset?.()}
      onLeave={() => blocker.proceed?.()}
    />
  );
}
