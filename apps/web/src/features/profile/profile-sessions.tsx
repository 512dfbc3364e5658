import ComputerIcon from '@mui/icons-material/Computer';
import DevicesOtherIcon from '@mui/icons-material/DevicesOther';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import TabletIcon from '@mui/icons-material/Tablet';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SessionSummary } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useEndOtherSessions, useEndSession, useMySessions } from './api';

const ICONS = {
  desktop: ComputerIcon,
  mobile: PhoneIphoneIcon,
  tablet: TabletIcon,
  other: DevicesOtherIcon,
} as const;

/** The devices signed in to the account: each can be signed out, or all but this one at once. */
export function ProfileSessions() {
  const { t, i18n } = useTranslation('profile');
  const { enqueueSnackbar } = useSnackbar();
  const sessions = useMySessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirmOthers, setConfirmOthers] = useState(false);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const rows = sessions.data ?? [];
  const others = rows.filter((s) => !s.current).length;

  const device = (s: SessionSummary) =>
    [s.browser, s.os].filter(Boolean).join(' · ') || t('sessions.unknown-device');

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560, mt: 3 }} data-testid="profile-sessions">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h2">
          {t('sessions.title')}
        </Typography>
        <Button color="error" disabled={others === 0} onClick={() => setConfirmOthers(true)}>
          {t('sessions.end-others')}
        </Button>
      </Stack>
      <Typography color="text.secondary">{t('sessions.intro')}</Typography>
      <List>
        {rows.map((s) => {
          const Icon = ICONS[s.device_type];
          return (
            <ListItem
              key={s.id}
              divider
              secondaryAction={
                s.current ? (
                  <Chip size="small" color="primary" label={t('sessions.current')} />
                ) : (
                  <Button
                    size="small"
                    color="error"
                    disabled={endOne.isPending}
                    onClick={() =>
                      endOne.mutate(s.id, {
                        onSuccess: () => enqueueSnackbar(t('sessions.ended'), { variant: 'success' }),
                      })
                    }
                  >
                    {t('sessions.end')}
                  </Button>
                )
              }
            >
              <ListItemIcon>
                <Icon />
              </ListItemIcon>
              <ListItemText
                primary={device(s)}
                secondary={t('sessions.seen', {
                  ip: s.ip ?? '—',
                  first: date.format(new Date(s.first_seen_at)),
                  last: date.format(new Date(s.last_seen_at)),
                })}
              />
            </ListItem>
          );
        })}
      </List>
      <ConfirmDialog
        open={confirmOthers}
        title={t('sessions.end-others')}
        body={t('sessions.end-others-confirm', { count: others })}
        confirmLabel={t('sessions.end-others')}
        onClose={() => setConfirmOthers(false)}
        onConfirm={() =>
          endOthers
            .mutateAsync()
            .then(() => enqueueSnackbar(t('sessions.ended-others'), { variant: 'success' }))
        }
      />
    </Paper>
  );
}
