import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MemberDetail } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { memberName } from './access';
import { useEndMemberSessions } from './api';
import { TEAM_IDS } from './test-ids';

type Props = { firmId: number; member: MemberDetail; self: boolean };

/**
 * "Sign out of every session" for a firm administrator. A session reaches every portal of its
 * person, so only a person this firm alone knows (`last_access`) can be signed out from here;
 * one's own sessions end from the profile.
 */
export function EndSessionsSection({ firmId, member, self }: Props) {
  const { t } = useTranslation('team');
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState(false);
  const endSessions = useEndMemberSessions(firmId);
  const name = memberName(member);
  const why = self
    ? t('sessions.self')
    : member.invitation_pending
      ? t('sessions.pending')
      : member.last_access
        ? t('sessions.intro')
        : t('sessions.shared');
  const allowed = !self && !member.invitation_pending && member.last_access;

  const confirm = async () => {
    try {
      await endSessions.mutateAsync(member.user_id);
      enqueueSnackbar(t('sessions.done', { name }), { variant: 'success' });
      setOpen(false);
    } catch {
      // Told by the API client.
    }
  };

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('sessions.section')}
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
        {why}
      </Typography>
      <Button
        variant="outlined"
        color="warning"
        disabled={!allowed}
        onClick={() => setOpen(true)}
        data-testid={TEAM_IDS.endSessions}
      >
        {t('sessions.open')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        data-testid={TEAM_IDS.endSessionsDialog}
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle>{t('sessions.title', { name })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('sessions.warning', { name })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('actions.cancel', { ns: 'common' })}</Button>
          <Button
            color="warning"
            variant="contained"
            onClick={confirm}
            disabled={endSessions.isPending}
            data-testid={TEAM_IDS.endSessionsConfirm}
          >
            {t('sessions.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
