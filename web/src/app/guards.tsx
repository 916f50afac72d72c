import { Suspense } from 'react';
import { Navigate, useParams } from 'react-router';
import { useSession } from '../session/useSession.ts';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import NotFoundPage from './pages/NotFoundPage.tsx';
import { paramsValid, type ScreenRoute } from './routes.tsx';
import { useComponentReady } from './screen-preload.ts';
import { Loading, useTitle } from './session-guard.tsx';

export { Loading, REDIRECT_MARKER, RequireSession, useTitle } from './session-guard.tsx';

/**
 * One screen: title, permission (else the no-access screen, replacing history), lazy chunk (the
 * loading state until it has arrived, without suspending: screen-preload.ts).
 */
export function Screen({ route }: { route: ScreenRoute }) {
  const { permissions } = useSession();
  const params = useParams();
  const valid = paramsValid(route, params);
  const allowed = !route.permission || permissions[route.permission];
  const ready = useComponentReady(route.component, allowed && valid);
  useTitle(valid ? route.title : 'titles.notFound');
  if (!allowed) return <Navigate to="/no-access" replace />;
  if (!valid) return <NotFoundPage />;
  if (!ready) return <Loading />;
  const Component = route.component;
  return (
    <ErrorBoundary>
      <Suspense fallback={<Loading />}>
        <Component />
      </Suspense>
    </ErrorBoundary>
  );
}
