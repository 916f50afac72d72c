// What the entry needs before anyone signs in: the session guard, the loading state and the page
// title. Nothing here may import MUI or the screens: the sign-in page stays small (docs/web.md).
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { SessionState } from '../session/session-store.ts';
import { useSession } from '../session/useSession.ts';
import { sessionStore } from './services.ts';
import './entry.css';

/** Set when a signed-out visitor is sent to the login page (SPEC §2 redirect-loop guard). */
export const REDIRECT_MARKER = 'ledgerline.redirectedToLogin';

export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="ll-loading">
      <span className="ll-spinner" role="progressbar" aria-label={t('table.loading')} />
    </div>
  );
}

/** The application needs an authorized session; a signed-out visitor goes to login with `from`. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { state } = useSession();
  const location = useLocation();
  useEffect(() => {
    if (state === SessionState.NotLoaded) void sessionStore.load();
  }, [state]);
  if (state === SessionState.LoggedOut) {
    sessionStorage.setItem(REDIRECT_MARKER, '1');
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?from=${encodeURIComponent(from)}`} replace />;
  }
  if (state !== SessionState.Authorized) return <Loading />;
  return <>{children}</>;
}

/** Sets the page title after each navigation. */
export function useTitle(titleKey: string) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.title = `${t(titleKey)} · Ledgerline`;
  }, [t, titleKey, i18n.language]);
}
