import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type Locale,
  NOTIFICATION_FAMILIES,
  NOTIFICATION_FREQUENCIES,
  NOTIFICATION_SCOPES,
  type NotificationPreferences,
  notificationText,
} from '@portal/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { useNotificationPreferences, useSaveNotificationPreferences } from './api';
import { ProfileTabs } from './profile-tabs';

const localeOf = (language: string): Locale =>
  (['fr', 'en', 'pt'] as const).find((l) => language.startsWith(l)) ?? 'fr';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** The time zones the browser knows (the server checks the same names). */
function timeZones(current: string): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return zones.includes(current) ? zones : [current, ...zones];
}

/**
 * The notification preferences (profile → notifications): kinds by family × in-app on/off × mail
 * frequency, whom a firm member follows, the digest hour and time zone, and "reset to defaults".
 */
export function ProfileNotificationsPage() {
  const { t, i18n } = useTranslation('profile');
  const { enqueueSnackbar } = useSnackbar();
  const prefs = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  useEffect(() => {
    if (prefs.data) setDraft(prefs.data);
  }, [prefs.data]);
  const zones = useMemo(() => timeZones(draft?.time_zone ?? 'Europe/Paris'), [draft?.time_zone]);
  const locale = localeOf(i18n.language);
  if (!draft) return <ProfileTabs current="notifications" />;

  const setKind = (kind: string, change: Partial<NotificationPreferences['kinds'][number]>) =>
    setDraft({ ...draft, kinds: draft.kinds.map((k) => (k.kind === kind ? { ...k, ...change } : k)) });

  const submit = async (body: Parameters<typeof save.mutateAsync>[0]) => {
    try {
      await save.mutateAsync(body);
      enqueueSnackbar(t('notifications.saved'), { variant: 'success' });
    } catch {
      // The client's snackbar says what went wrong.
    }
  };

  return (
    <>
      <ProfileTabs current="notifications" />
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 900 }} data-testid="profile-notifications">
        <Typography variant="h5" component="h1" gutterBottom>
          {t('notifications.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('notifications.intro')}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('notifications.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('notifications.kind')}</TableCell>
                <TableCell align="center">{t('notifications.inApp')}</TableCell>
                <TableCell>{t('notifications.mail')}</TableCell>
              </TableRow>
            </TableHead>
            {NOTIFICATION_FAMILIES.map((family) => (
              <TableBody key={family}>
                <TableRow>
                  <TableCell colSpan={3} sx={{ bgcolor: 'action.hover', fontWeight: 600 }}>
                    {t(`notifications.families.${family}`)}
                  </TableCell>
                </TableRow>
                {draft.kinds
                  .filter((k) => k.family === family)
                  .map((k) => (
                    <TableRow key={k.kind} data-testid={`notification-kind-${k.kind}`}>
                      <TableCell>{notificationText(k.kind, locale, { actor: '…', subject: '…' })}</TableCell>
                      <TableCell align="center">
                        <Switch
                          checked={k.in_app}
                          disabled={k.mandatory}
                          onChange={(e) => setKind(k.kind, { in_app: e.target.checked })}
                          slotProps={{ input: { 'aria-label': t('notifications.inApp') } }}
                        />
                      </TableCell>
                      <TableCell>
                        <TextField
                          select
                          size="small"
                          value={k.mail}
                          onChange={(e) => setKind(k.kind, { mail: e.target.value as typeof k.mail })}
                          slotProps={{ htmlInput: { 'aria-label': t('notifications.mail') } }}
                          sx={{ minWidth: 160 }}
                        >
                          {NOTIFICATION_FREQUENCIES.map((f) => (
                            <MenuItem key={f} value={f}>
                              {t(`notifications.frequencies.${f}`)}
                            </MenuItem>
                          ))}
                        </TextField>
                      </TableCell>
                    </TableRow>
                  ))}
              </TableBody>
            ))}
          </Table>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 3 }}>
          <TextField
            select
            label={t('notifications.scope')}
            value={draft.scope}
            onChange={(e) =>
              setDraft({ ...draft, scope: e.target.value as NotificationPreferences['scope'] })
            }
            helperText={t(`notifications.scopes.${draft.scope}Help`)}
            sx={{ minWidth: 240 }}
            data-testid="notification-scope"
          >
            {NOTIFICATION_SCOPES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`notifications.scopes.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('notifications.digestHour')}
            value={draft.digest_hour}
            onChange={(e) => setDraft({ ...draft, digest_hour: Number(e.target.value) })}
            sx={{ minWidth: 140 }}
            data-testid="notification-digest-hour"
          >
            {HOURS.map((h) => (
              <MenuItem key={h} value={h}>
                {`${String(h).padStart(2, '0')}:00`}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('notifications.timeZone')}
            value={draft.time_zone}
            onChange={(e) => setDraft({ ...draft, time_zone: e.target.value })}
            sx={{ minWidth: 240 }}
          >
            {zones.map((z) => (
              <MenuItem key={z} value={z}>
                {z}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, mt: 3 }}>
          <Button
            variant="contained"
            disabled={save.isPending}
            data-testid="notifications-save"
            onClick={() =>
              submit({
                kinds: draft.kinds.map(({ kind, in_app, mail }) => ({ kind, in_app, mail })),
                scope: draft.scope,
                digest_hour: draft.digest_hour,
                time_zone: draft.time_zone,
              })
            }
          >
            {t('notifications.save')}
          </Button>
          <Button disabled={save.isPending} onClick={() => submit({ reset: true })}>
            {t('notifications.reset')}
          </Button>
        </Box>
      </Paper>
    </>
  );
}
