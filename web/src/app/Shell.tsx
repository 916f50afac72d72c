import {
  AccountCircle,
  ChevronLeft,
  Logout,
  Menu as MenuIcon,
  Settings,
} from '@mui/icons-material';
import {
  Alert,
  AppBar,
  Box,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Snackbar,
  Toolbar,
  Typography,
} from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../api/errors.ts';
import { DatesProvider } from '../components/DatesProvider.tsx';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { NotificationsMenu } from '../features/notifications/NotificationsMenu.tsx';
import { HeaderSearch } from '../features/search/HeaderSearch.tsx';
import { useSession } from '../session/useSession.ts';
import { queryClient } from './query-client.ts';
import { NAVIGATION, SCREENS } from './routes.tsx';
import { componentLoaded, prefetchWhenIdle, preloadScreen, screenAt } from './screen-preload.ts';
import { sessionStore } from './services.ts';
import { Tooltip } from '../components/Tooltip.tsx';

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

/** Header (notifications, language, account, user menu) and the sidebar of allowed screens. */
export default function Shell() {
  const { t } = useTranslation();
  const { user, currentAccount, accounts, permissions } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState(() => localStorage.getItem(SIDEBAR_KEY) !== 'false');
  const [accountMenu, setAccountMenu] = useState<HTMLElement | null>(null);
  const [userMenu, setUserMenu] = useState<HTMLElement | null>(null);
  const [switchFailure, setSwitchFailure] = useState<string>();
  const width = expanded ? 240 : 64;
  const items = NAVIGATION.filter((item) => !item.permission || permissions[item.permission]);
  useSidebarPrefetch(items.map((item) => item.path).join('\n'));

  const toggle = () => {
    localStorage.setItem(SIDEBAR_KEY, String(!expanded));
    setExpanded(!expanded);
  };

  return (
    <QueryClientProvider client={queryClient}>
      <Box sx={{ display: 'flex' }}>
        <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
          <Toolbar sx={{ gap: 1 }}>
            <IconButton
              color="inherit"
              edge="start"
              onClick={toggle}
              aria-label={expanded ? t('header.collapse') : t('header.expand')}
              data-testid="sidebar-toggle"
            >
              {expanded ? <ChevronLeft /> : <MenuIcon />}
            </IconButton>
            <Typography
              variant="h6"
              component={Link}
              to="/"
              sx={{ color: 'inherit', textDecoration: 'none', flexGrow: 1 }}
            >
              {t('app.name')}
            </Typography>
            <HeaderSearch />
            <NotificationsMenu />
            <LanguageSwitch onDark />
            {accounts.length > 1 && (
              <>
                <Tooltip title={t('header.switchAccount')} describeChild>
                  <Box
                    component="button"
                    onClick={(e) => setAccountMenu(e.currentTarget)}
                    data-testid="account-switch"
                    sx={{
                      background: 'none',
                      border: 0,
                      color: 'inherit',
                      cursor: 'pointer',
                      font: 'inherit',
                    }}
                  >
                    {currentAccount?.name}
                  </Box>
                </Tooltip>
                <Menu
                  anchorEl={accountMenu}
                  open={Boolean(accountMenu)}
                  onClose={() => setAccountMenu(null)}
                >
                  {accounts.map((account) => (
                    <MenuItem
                      key={account.id}
                      selected={account.id === currentAccount?.id}
                      onClick={() => {
                        setAccountMenu(null);
                        // A refused switch says why (SPEC §8), in the server's words translated.
                        void sessionStore.switchAccount(account.id).then(
                          () => navigate('/', { replace: true }),
                          (error: unknown) => setSwitchFailure(errorMessage(t, error)),
                        );
                      }}
                    >
                      {account.name}
                    </MenuItem>
                  ))}
                </Menu>
              </>
            )}
            <IconButton
              color="inherit"
              onClick={(e) => setUserMenu(e.currentTarget)}
              aria-label={t('header.userMenu')}
              data-testid="user-menu"
            >
              <AccountCircle />
            </IconButton>
            <Menu anchorEl={userMenu} open={Boolean(userMenu)} onClose={() => setUserMenu(null)}>
              <MenuItem disabled>{user?.displayName}</MenuItem>
              <MenuItem component={Link} to="/user-settings" onClick={() => setUserMenu(null)}>
                <ListItemIcon>
                  <Settings fontSize="small" />
                </ListItemIcon>
                {t('titles.userSettings')}
              </MenuItem>
              <Divider />
              <MenuItem
                data-testid="logout"
                onClick={() => {
                  setUserMenu(null);
                  void sessionStore.logout().then(() => navigate('/login', { replace: true }));
                }}
              >
                <ListItemIcon>
                  <Logout fontSize="small" />
                </ListItemIcon>
                {t('header.logout')}
              </MenuItem>
            </Menu>
          </Toolbar>
        </AppBar>
        <Drawer
          variant="permanent"
          sx={{
            width,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width, boxSizing: 'border-box', overflowX: 'hidden' },
          }}
        >
          <Toolbar />
          <List component="nav" aria-label={t('header.navigation')} data-testid="navigation">
            {items.map((item) => (
              <Tooltip key={item.path} title={expanded ? '' : t(item.title)} placement="right">
                <ListItemButton
                  component={Link}
                  to={item.path}
                  selected={
                    item.path === '/'
                      ? location.pathname === '/'
                      : location.pathname.startsWith(item.path)
                  }
                  data-testid={`nav-${item.path}`}
                  onMouseEnter={() => preloadScreen(SCREENS, item.path)}
                  onFocus={() => preloadScreen(SCREENS, item.path)}
                >
                  <ListItemIcon>
                    <item.icon />
                  </ListItemIcon>
                  {expanded && <ListItemText primary={t(item.title)} />}
                </ListItemButton>
              </Tooltip>
            ))}
          </List>
        </Drawer>
        <Box component="main" sx={{ flexGrow: 1, minWidth: 0 }}>
          <Toolbar />
          <DatesProvider>
            <Outlet />
          </DatesProvider>
        </Box>
      </Box>
      <Snackbar
        open={switchFailure !== undefined}
        autoHideDuration={10_000}
        onClose={() => setSwitchFailure(undefined)}
      >
        <Alert
          severity="error"
          onClose={() => setSwitchFailure(undefined)}
          data-testid="account-switch-failure"
        >
          {t('records.switchFailed', { message: switchFailure ?? '' })}
        </Alert>
      </Snackbar>
    </QueryClientProvider>
  );
}
