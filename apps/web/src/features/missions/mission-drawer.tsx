import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import { useSnackbar } from '../../app/snackbars';
import { PageLoader } from '../../components/page-loader';
import { useMission, useMissionWrites } from './api';
import { formatCents, STATUS_COLOUR } from './mission-format';

/**
 * A mission: its services and amounts, and the occurrences its recurrence generated (each a
 * parent task with its template's sub-tasks). Accountants sign a not-signed mission (a paper
 * letter), generate the tasks due, stop a signed one (done) or delete a not-signed one.
 */
export function MissionDrawer({
  vendorId,
  missionId,
  canWrite,
  onClose,
}: {
  vendorId: number;
  missionId: number;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('missions');
  const { enqueueSnackbar } = useSnackbar();
  const mission = useMission(vendorId, missionId);
  const writes = useMissionWrites(vendorId);
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      enqueueSnackbar(done, { variant: 'success' });
    } catch (error) {
      if (isApiError(error)) enqueueSnackbar(error.message, { variant: 'error' });
    }
  };
  const m = mission.data;
  const busy = Object.values(writes).some((w) => w.isPending);

  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 520 } } } }}
      data-testid="mission-drawer"
    >
      <Stack direction="row" sx={{ alignItems: 'center', p: 2, gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }} noWrap>
          {m?.name ?? t('title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('actions.close', { ns: 'common' })}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      {mission.isError && <Alert severity="error">{t('loadError')}</Alert>}
      {!m && !mission.isError && <PageLoader />}
      {m && (
        <Box sx={{ p: 2, overflowY: 'auto' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
            <Chip
              size="small"
              label={t(`status.${m.status}`)}
              color={STATUS_COLOUR[m.status]}
              data-testid="mission-status"
            />
            <Typography variant="body2" color="text.secondary">
              {t('period', { start: m.start_date, end: m.end_date })}
            </Typography>
            {m.reference && (
              <Typography variant="body2" color="text.secondary">
                {m.reference}
              </Typography>
            )}
          </Stack>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
            {t('services')}
          </Typography>
          <List dense disablePadding>
            {m.services.map((s) => (
              <ListItem key={s.id} disableGutters>
                <ListItemText
                  primary={s.title}
                  secondary={`${s.quantity} × ${formatCents(s.unit_price_cents, i18n.language)} · ${t(`frequency.${s.frequency}`, { defaultValue: s.frequency })}`}
                />
                <Typography variant="body2">{formatCents(s.total_cents, i18n.language)}</Typography>
              </ListItem>
            ))}
          </List>
          <Typography variant="body2" sx={{ textAlign: 'right', fontWeight: 600 }}>
            {t('total', { amount: formatCents(m.total_cents, i18n.language) })}
          </Typography>

          {canWrite && (
            <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
              {m.status === 'not_signed' && (
                <Button
                  variant="contained"
                  disabled={busy}
                  onClick={() => run(() => writes.sign.mutateAsync(m.id), t('signed'))}
                  data-testid="mission-sign"
                >
                  {t('sign')}
                </Button>
              )}
              {m.status === 'signed' && (
                <Button
                  variant="outlined"
                  disabled={busy}
                  onClick={() =>
                    run(async () => {
                      const r = await writes.generate.mutateAsync(m.id);
                      enqueueSnackbar(t('generated', { count: r.created }), { variant: 'info' });
                    }, t('generateDone'))
                  }
                  data-testid="mission-generate"
                >
                  {t('generate')}
                </Button>
              )}
              {m.status === 'signed' && (
                <Button
                  color="warning"
                  disabled={busy}
                  onClick={() =>
                    run(() => writes.update.mutateAsync({ id: m.id, body: { status: 'done' } }), t('stopped'))
                  }
                  data-testid="mission-stop"
                >
                  {t('stop')}
                </Button>
              )}
              {m.status === 'not_signed' && (
                <Button
                  color="error"
                  disabled={busy}
                  onClick={() =>
                    run(async () => {
                      await writes.remove.mutateAsync(m.id);
                      onClose();
                    }, t('deleted'))
                  }
                  data-testid="mission-delete"
                >
                  {t('delete')}
                </Button>
              )}
            </Stack>
          )}

          <Typography variant="subtitle1" component="h3" sx={{ mt: 3 }}>
            {t('occurrences')}
          </Typography>
          {m.occurrences.length === 0 ? (
            <Typography variant="body2" color="text.secondary" data-testid="mission-no-occurrence">
              {m.status === 'not_signed' ? t('notSignedYet') : t('noOccurrence')}
            </Typography>
          ) : (
            <List dense disablePadding data-testid="mission-occurrences">
              {m.occurrences.map((o) => (
                <ListItem key={o.id} disableGutters data-testid="mission-occurrence">
                  <ListItemText
                    primary={o.task_title ?? t('taskDeleted')}
                    secondary={t('occurrence', { due: o.due_date, count: o.subtask_count })}
                  />
                  {o.task_status && (
                    <Chip size="small" variant="outlined" label={t(`taskStatus.${o.task_status}`)} />
                  )}
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      )}
    </Drawer>
  );
}
