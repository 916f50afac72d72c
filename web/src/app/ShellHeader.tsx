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
  IconButton,
  ListItemIcon,
  Menu,
  MenuItem,
  Snackbar,
  Toolbar,
  Typography,
} from '@mui/material';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type NavigateOptions } from 'react-router';
import { errorMessage } from '../api/errors.ts';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { Tooltip } from '../components/Tooltip.tsx';
import { NotificationsMenu } from '../features/notifications/NotificationsMenu.tsx';
import { HeaderSearch } from '../features/search/HeaderSearch.tsx';
import { useSession } from '../session/useSession.ts';
import { sessionStore } from './services.ts';

interface ShellHeaderProps {
  expanded: boolean;
  onToggle: () => void;
  /** Goes to an address in the app; the same function at every navigation. */
  navigate: (to: string, options?: NavigateOptions) => void;
}

/**
 * The header: the sidebar's toggle, the application's name, search, notifications, language,
 * the account switch and the user menu. Nothing in it depends on the screen on view, so a
 * navigation does not draw it again (memo): its props do not change.
 */
export const ShellHeader = memo(function ShellHeader({
  expanded,
  onToggle,
  navigate,
}: ShellHeaderProps) {
  const { t } = useTranslation();
  const { user, currentAccount, accounts } = useSession();
  const [accountMenu, setAccountMenu] = useState<HTMLElement | null>(null);
  const [userMenu, setUserMenu] = useState<HTMLElement | null>(null);
  const [switchFailure, setSwitchFailure] = useState<string>();

  return (
    <>
      <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            color="inherit"
            edge="start"
            onClick={onToggle}
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
          <NotificationsMenu navigate={navigate} />
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
    </>
  );
});
