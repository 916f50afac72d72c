// The signed-in application: the MUI theme in the reader's language, the shell and every screen's
// route (built from the feature modules, app/routes.tsx).
import { CssBaseline, GlobalStyles, ThemeProvider, createTheme } from '@mui/material';
import { enUS as coreEn, ruRU as coreRu } from '@mui/material/locale';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { rowIconButtonStyles } from '../components/DataTable/row-icon-button.tsx';
import { Screen } from './guards.tsx';
import NotFoundPage from './pages/NotFoundPage.tsx';
import { SCREENS } from './routes.tsx';
import { preloadScreen } from './screen-preload.ts';
import Shell from './Shell.tsx';

// The screen a full load opens is fetched with the application, while the session still loads.
preloadScreen(SCREENS, window.location.pathname);

export default function Application() {
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'ru';
  const theme = useMemo(
    () =>
      createTheme(
        {
          palette: { primary: { main: '#1f4e79' } },
          components: {
            // A disabled field's help stays readable (WCAG 1.4.3; MUI's default is 2.67:1).
            MuiFormHelperText: {
              styleOverrides: {
                root: ({ theme: current }) => ({
                  '&.Mui-disabled': { color: current.palette.text.secondary },
                }),
              },
            },
          },
        },
        language === 'en' ? coreEn : coreRu,
      ),
    [language],
  );
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <GlobalStyles styles={rowIconButtonStyles} />
      <Routes>
        <Route element={<Shell />}>
          {SCREENS.map((route) =>
            route.path === '' ? (
              <Route key="index" index element={<Screen route={route} />} />
            ) : (
              <Route key={route.path} path={route.path} element={<Screen route={route} />} />
            ),
          )}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </ThemeProvider>
  );
}
