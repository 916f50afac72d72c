import { Notifications as NotificationsIcon } from '@mui/icons-material';
import {
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Popover,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MarkAllNotificationsReadDocument,
  MarkNotificationReadDocument,
  NotificationsDocument,
} from '../../api/generated.ts';
import { useGraphQLMutation, useGraphQLQuery } from '../../api/hooks.ts';
import { formatDateTime } from '../../components/format.ts';
import { notificationLink, notificationReason, notificationText } from './notification-text.ts';

/** How many notifications the panel shows at first and adds each time the user asks for more. */
export const NOTIFICATIONS_PAGE = 20;

/** The header bell: unread count, newest first, mark one or all read, older ones on demand. */
export function NotificationsMenu({
  navigate,
}: {
  /** Goes to a notification's record (the shell's, which a navigation does not change). */
  navigate: (to: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [shown, setShown] = useState(NOTIFICATIONS_PAGE);
  const query = useGraphQLQuery(
    NotificationsDocument,
    { first: shown },
    { reads: ['Notification'] },
    { refetchInterval: 60_000 },
  );
  const markOne = useGraphQLMutation(MarkNotificationReadDocument, ['Notification']);
  const markAll = useGraphQLMutation(MarkAllNotificationsReadDocument, ['Notification']);
  const unread = query.data?.currentUser?.unreadNotificationsCount ?? 0;
  const items = query.data?.currentUser?.notifications.nodes ?? [];
  const total = query.data?.currentUser?.notifications.totalCount ?? 0;
  return (
    <>
      {/* The name carries the count: the badge is drawn beside the button (not inside, where it
          would be part of the button's text), hidden from assistive technology. */}
      <Badge
        badgeContent={unread > 0 ? unread : null}
        invisible={unread === 0}
        color="error"
        overlap="circular"
        slotProps={{ badge: { 'aria-hidden': true } }}
      >
        <IconButton
          color="inherit"
          aria-label={
            unread > 0
              ? t('header.notificationsUnread', { count: unread })
              : t('header.notifications')
          }
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="notifications"
        >
          <NotificationsIcon />
        </IconButton>
      </Badge>
      {/* A panel, not a menu: a heading, an action and a list of notifications (each a button). */}
      <Popover
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => {
          setAnchor(null);
          setShown(NOTIFICATIONS_PAGE);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { sx: { width: 380, maxHeight: 480 }, 'aria-labelledby': 'notifications-heading' },
        }}
      >
        <Box
          sx={{
            px: 2,
            py: 1,
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
          }}
        >
          <Typography variant="subtitle1" component="h2" id="notifications-heading">
            {t('header.notifications')}
          </Typography>
          <Button size="small" disabled={unread === 0} onClick={() => markAll.mutate({})}>
            {t('notifications.markAllRead')}
          </Button>
        </Box>
        <Divider />
        <List dense disablePadding data-testid="notification-list">
          {items.length === 0 && (
            <ListItem>
              <ListItemText primary={t('notifications.empty')} />
            </ListItem>
          )}
          {items.map((item) =>
            item ? (
              <ListItem key={item.id} disablePadding>
                <ListItemButton
                  data-testid="notification"
                  onClick={() => {
                    // Opening a notification marks it read and goes to its record.
                    if (!item.isRead) markOne.mutate({ notificationId: item.id });
                    const link = notificationLink(item);
                    if (link) {
                      setAnchor(null);
                      navigate(link);
                    }
                  }}
                  sx={{ whiteSpace: 'normal' }}
                >
                  <ListItemText
                    primary={notificationText(t, item, i18n.language)}
                    secondary={[
                      formatDateTime(item.createdAt, i18n.language),
                      notificationReason(item)
                        ? t('notifications.reason', { reason: notificationReason(item) })
                        : undefined,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                    slotProps={{ primary: { sx: { fontWeight: item.isRead ? 400 : 600 } } }}
                  />
                </ListItemButton>
              </ListItem>
            ) : null,
          )}
        </List>
        {items.length < total && (
          <>
            <Divider />
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 0.5 }}>
              <Button
                size="small"
                disabled={query.isFetching}
                onClick={() => setShown((count) => count + NOTIFICATIONS_PAGE)}
                data-testid="notifications-more"
              >
                {t('notifications.showOlder', { count: total - items.length })}
              </Button>
            </Box>
          </>
        )}
      </Popover>
    </>
  );
}
