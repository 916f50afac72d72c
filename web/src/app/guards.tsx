import { Box, CircularProgress } from '@mui/material';
import { Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { SessionState } from '../session/session-store.ts';
import { useSession } from '../session/useSession.ts';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import NotFoundPage from './pages/NotFoundPage.tsx';
import { paramsValid, type ScreenRoute } from './routes.tsx';
import { sessionStore } from './services.ts';

/** Set when a signed-out visitor is sent to the login page (SPEC §2 redirect-loop guard). */
export const REDIRECT_MARKER = 'ledgerline.redirectedToLogin';

export function Loading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
      <CircularProgress aria-label={t('table.loading')} />
    </Box>
  );
}

/** The shell needs an authorized session; a signed-out visitor goes to login with `from`. */
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

/** One screen: title, permission (else the no-access screen, replacing history), lazy chunk. */
export function Screen({ route }: { route: ScreenRoute }) {
  const { permissions } = useSession();
  const params = useParams();
  const valid = paramsValid(route, params);
  useTitle(valid ? route.title : 'titles.notFound');
  if (route.permission && !permissions[route.permission])
    return <Navigate to="/no-access" replace />;
  if (!valid) return <NotFoundPage />;
  const Component = route.component;
  return (
    <ErrorBoundary>
      <Suspense fallback={<Loading />}>
        <Component />
      </Suspense>
    </ErrorBoundary>
  );
}
