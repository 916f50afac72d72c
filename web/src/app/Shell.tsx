import { Box, Toolbar } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate, type NavigateOptions } from 'react-router';
import { DatesProvider } from '../components/DatesProvider.tsx';
import { useSession } from '../session/useSession.ts';
import { queryClient } from './query-client.ts';
import { NAVIGATION, SCREENS } from './routes.tsx';
import { componentLoaded, prefetchWhenIdle, screenAt } from './screen-preload.ts';
import { ShellHeader } from './ShellHeader.tsx';
import { Sidebar } from './Sidebar.tsx';

const SIDEBAR_KEY = 'ledgerline.sidebarExpanded';

/**
 * The sidebar's screens (paths, one a line) are fetched while the browser is idle, once the
 * screen on view has its chunk and no query is under way: the next screen opens without waiting
 * for its code.
 */
function useSidebarPrefetch(paths: string) {
  useEffect(
    () =>
      prefetchWhenIdle(SCREENS, paths.split('\n'), () => {
        const current = screenAt(SCREENS, window.location.pathname);
        return (!current || componentLoaded(current.component)) && queryClient.isFetching() === 0;
      }),
    [paths],
  );
}

/**
 * The signed-in layout: the header, the sidebar of allowed screens and the screen on view. A
 * navigation draws only what it changes — the screen and the sidebar's selection — not the
 * header (docs/web.md "First rows").
 */
export default function Shell() {
  const { permissions } = useSession();
  const { pathname } = useLocation();
  // The router hands out a new navigate with each navigation; the header is given one that
  // stays the same (it calls the latest), so that a navigation does not draw the header again.
  const navigate = useNavigate();
  const latestNavigate = useRef(navigate);
  useLayoutEffect(() => {
    latestNavigate.current = navigate;
  }, [navigate]);
  const go = useCallback(
    (to: string, options?: NavigateOptions) => void latestNavigate.current(to, options),
    [],
  );
  const [expanded, setExpanded] = useState(() => localStorage.getItem(SIDEBAR_KEY) !== 'false');
  const items = useMemo(
    () => NAVIGATION.filter((item) => !item.permission || permissions[item.permission]),
    [permissions],
  );
  useSidebarPrefetch(items.map((item) => item.path).join('\n'));

  const toggle = useCallback(() => setExpanded((was) => !was), []);
  useEffect(() => localStorage.setItem(SIDEBAR_KEY, String(expanded)), [expanded]);

  return (
    <QueryClientProvider client={queryClient}>
      <Box sx={{ display: 'flex' }}>
        <ShellHeader expanded={expanded} onToggle={toggle} navigate={go} />
        <Sidebar items={items} expanded={expanded} pathname={pathname} />
        <Box component="main" sx={{ flexGrow: 1, minWidth: 0 }}>
          <Toolbar />
          <DatesProvider>
            <Outlet />
          </DatesProvider>
        </Box>
      </Box>
    </QueryClientProvider>
  );
}
