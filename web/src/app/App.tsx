import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { enUS as coreEn, ruRU as coreRu } from '@mui/material/locale';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { Loading, RequireSession, Screen } from './guards.tsx';
import LoginPage from './pages/LoginPage.tsx';
import NotFoundPage from './pages/NotFoundPage.tsx';
import { SCREENS } from './routes.tsx';

// The shell (sidebar, header, date pickers) is its own chunk: the sign-in page does not need it.
const Shell = lazy(() => import('./Shell.tsx'));

const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  {
    path: '/',
    element: (
      <RequireSession>
        <Suspense fallback={<Loading />}>
          <Shell />
        </Suspense>
      </RequireSession>
    ),
    children: [
      ...SCREENS.map((route) => ({
        ...(route.path === '' ? { index: true } : { path: route.path }),
        handle: { title: route.title },
        element: <Screen route={route} />,
      })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

// A screen chunk that fails to load is reported as a preload error (SPEC §2).
window.addEventListener('vite:preloadError', (event) => {
  console.error('Preload error', event);
});

export function App() {
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'ru';
  const theme = useMemo(
    () =>
      createTheme(
        { palette: { primary: { main: '#1f4e79' } } },
        language === 'en' ? coreEn : coreRu,
      ),
    [language],
  );
  return (
    <ErrorBoundary>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <RouterProvider router={router} />
      </ThemeProvider>
    </ErrorBoundary>
  );
}
