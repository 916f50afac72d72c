import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useEffect, useRef } from 'react';
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
export function UnsavedChangesGuard(props: {
  when: boolean;
  /** Asked again at the moment of leaving (e.g. "not while saving"). */
  still?: () => boolean;
}) {
  const { when } = props;
  // Read when the navigation happens, not when the blocker was made: a save that navigates right
  // after it cleared the form is not stopped by the render before.
  const guarding = useRef(props);
  guarding.current = props;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      guarding.current.when &&
      (guarding.current.still?.() ?? true) &&
      currentLocation.pathname !== nextLocation.pathname,
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
