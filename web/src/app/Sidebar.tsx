import { Drawer, List, ListItemButton, ListItemIcon, ListItemText, Toolbar } from '@mui/material';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Tooltip } from '../components/Tooltip.tsx';
import type { NavigationEntry } from './module.ts';
import { SCREENS } from './routes.tsx';
import { preloadScreen } from './screen-preload.ts';

/** Whether the sidebar's entry is the screen on view (or, but for home, one of its records). */
function isCurrent(entryPath: string, pathname: string) {
  return entryPath === '/' ? pathname === '/' : pathname.startsWith(entryPath);
}

interface NavigationItemProps {
  item: NavigationEntry;
  expanded: boolean;
  selected: boolean;
}

/** One entry of the sidebar; drawn again only when it becomes or stops being the current one. */
const NavigationItem = memo(function NavigationItem({
  item,
  expanded,
  selected,
}: NavigationItemProps) {
  const { t } = useTranslation();
  return (
    <Tooltip title={expanded ? '' : t(item.title)} placement="right">
      <ListItemButton
        component={Link}
        to={item.path}
        selected={selected}
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
  );
});

interface SidebarProps {
  /** The screens the account may open, in the sidebar's order. */
  items: NavigationEntry[];
  expanded: boolean;
  /** The address on view: its entry is shown selected. */
  pathname: string;
}

/**
 * The sidebar of allowed screens, 240 px wide with names or 64 px with icons only. A navigation
 * draws again only the two entries whose selection changes.
 */
export const Sidebar = memo(function Sidebar({ items, expanded, pathname }: SidebarProps) {
  const { t } = useTranslation();
  const width = expanded ? 240 : 64;
  return (
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
          <NavigationItem
            key={item.path}
            item={item}
            expanded={expanded}
            selected={isCurrent(item.path, pathname)}
          />
        ))}
      </List>
    </Drawer>
  );
});
