import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { type Locale, type Notification, notificationText } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../app/app-navigate';
import { useNotificationActions, useNotifications, useUnreadCount } from './notifications-api';

/** The badge's text: the count, or 99+ beyond. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

const localeOf = (language: string): Locale =>
  (['fr', 'en', 'pt'] as const).find((l) => language.startsWith(l)) ?? 'fr';

/** Items grouped by their day (in the reader's time), newest first. */
function byDay(items: Notification[], language: string) {
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'full' });
  const groups: { label: string; items: Notification[] }[] = [];
  for (const item of items) {
    const label = day.format(new Date(item.created_at));
    const last = groups[groups.length - 1];
    if (last?.label === label) last.items.push(item);
    else groups.push({ label, items: [item] });
  }
  return groups;
}

/** "il y a 5 minutes", in the reader's language. */
function relative(iso: string, language: string): string {
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const seconds = Math.round((new Date(iso).getTime() - Date.now()) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units)
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  return rtf.format(seconds, 'second');
}

/** The top bar's bell: the unread count, and a panel of the newest items that lead to their subject. */
export function NotificationsBell() {
  const { t, i18n } = useTranslation('shell');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const unread = useUnreadCount();
  const list = useNotifications(anchor !== null);
  const actions = useNotificationActions();
  const navigate = useAppNavigate();
  const count = unread.data?.unread ?? 0;
  const locale = localeOf(i18n.language);

  const open = (item: Notification) => {
    if (!item.read_at) actions.read.mutate(item.id);
    setAnchor(null);
    if (item.link) navigate(item.link);
  };

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('notifications.open', { count })}
        data-testid="notifications-bell"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <Badge badgeContent={count ? badgeText(count) : null} color="error" data-testid="notifications-count">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: { xs: '100vw', sm: 400 }, maxHeight: '70vh' } } }}
      >
        <Box
          data-testid="notifications-panel"
          sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, gap: 1 }}
        >
          <Typography variant="subtitle1" component="h2" sx={{ flex: 1 }}>
            {t('notifications.title')}
          </Typography>
          <Button size="small" disabled={count === 0} onClick={() => actions.readAll.mutate()}>
            {t('notifications.readAll')}
          </Button>
        </Box>
        {list.data && list.data.data.length === 0 ? (
          <Typography sx={{ px: 2, pb: 2 }} color="text.secondary">
            {t('notifications.empty')}
          </Typography>
        ) : null}
        <List dense disablePadding>
          {byDay(list.data?.data ?? [], i18n.language).map((group) => (
            <li key={group.label}>
              <ul style={{ padding: 0 }}>
                <ListSubheader sx={{ lineHeight: '32px' }}>{group.label}</ListSubheader>
                {group.items.map((item) => (
                  <ListItemButton
                    key={item.id}
                    data-testid="notification-item"
                    onClick={() => open(item)}
                    sx={{ alignItems: 'flex-start', bgcolor: item.read_at ? undefined : 'action.hover' }}
                  >
                    <ListItemText
                      primary={notificationText(item.kind, locale, {
                        actor: item.actor?.fullname ?? t('notifications.system'),
                        subject: item.subject.name,
                      })}
                      secondary={[item.vendor_name, relative(item.created_at, i18n.language)]
                        .filter(Boolean)
                        .join(' · ')}
                      slotProps={{ primary: { sx: { fontWeight: item.read_at ? 400 : 600 } } }}
                    />
                  </ListItemButton>
                ))}
              </ul>
            </li>
          ))}
        </List>
      </Popover>
    </>
  );
}
