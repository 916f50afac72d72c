// The entry: the sign-in page and the session guard. The application itself (MUI theme, shell,
// every screen) is one lazy chunk loaded once the session is authorized, so a visitor downloads
// no component library before signing in (docs/web.md "First load").
import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import LoginPage from './pages/LoginPage.tsx';
import { loadApplication } from './application-chunk.ts';
import { useComponentReady } from './screen-preload.ts';
import { Loading, RequireSession } from './session-guard.tsx';
import { openAddress } from './services.ts';

// With a stored session the application is fetched while the session loads (application-chunk.ts);
// the sign-in page fetches it once the visitor starts signing in.
const Application = lazy(loadApplication);

/** The application once its chunk has arrived (the loading state until then, not a fallback). */
function LoadedApplication() {
  return useComponentReady(Application) ? (
    <Suspense fallback={<Loading />}>
      <Application />
    </Suspense>
  ) : (
    <Loading />
  );
}

const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  {
    path: '*',
    element: (
      <RequireSession>
        <LoadedApplication />
      </RequireSession>
    ),
  },
]);

// An in-app navigation to another address sends the list queries remembered for it at once, while
// the screen's chunk loads (app/remembered-queries.ts).
let address = `${router.state.location.pathname}${router.state.location.search}`;
router.subscribe(({ location }) => {
  const next = `${location.pathname}${location.search}`;
  if (next === address) return;
  address = next;
  openAddress();
});

// A screen chunk that fails to load is reported as a preload error (SPEC §2).
window.addEventListener('vite:preloadError', (event) => {
  console.error('Preload error', event);
});

export function App() {
  return (
    <ErrorBoundary>
      <RouterProvider router={router} />
    </ErrorBoundary>
  );
}
