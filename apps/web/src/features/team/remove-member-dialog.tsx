import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { MemberDetail } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { memberName } from './access';
import { useRemoveMember } from './api';
import { TEAM_IDS } from './test-ids';

type Props = {
  firmId: number;
  member: MemberDetail;
  open: boolean;
  onClose: () => void;
  onRemoved: () => void;
};

/**
 * Removes a member's access (spec section 6). The account can go with it when this firm was the
 * member's last portal access: the box is asked BEFORE the call, since afterwards the membership
 * is gone and the account can no longer be reached through this firm. An invitation not yet
 * accepted is simply withdrawn (the account is the person's, or goes away if nobody uses it).
 */
export function RemoveMemberDialog({ firmId, member, open, onClose, onRemoved }: Props) {
  const { t } = useTranslation('team');
  const { enqueueSnackbar } = useSnackbar();
  const [deleteAccount, setDeleteAccount] = useState(member.last_access);
  const [busy, setBusy] = useState(false);
  const removeMember = useRemoveMember(firmId);
  const name = memberName(member);

  const confirm = async () => {
    setBusy(true);
    try {
      const result = await removeMember.mutateAsync({ userId: member.user_id, deleteUser: deleteAccount });
      const key = result.user_deleted
        ? 'remove.doneDeleted'
        : result.last_access
          ? 'remove.doneNoAccessLeft'
          : 'remove.done';
      enqueueSnackbar(t(key, { name }), {
        variant: result.last_access && !result.user_deleted ? 'warning' : 'success',
      });
      onRemoved();
    } catch {
      // Told by the API client (only an administrator, never one's own access).
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} data-testid={TEAM_IDS.removeDialog} fullWidth maxWidth="sm">
      <DialogTitle>{t('remove.title', { name })}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('remove.warning')}
        </Alert>
        <DialogContentText sx={{ mb: 1 }}>
          {member.invitation_pending
            ? t('remove.pendingInvitation')
            : member.last_access
              ? t('remove.lastAccess')
              : t('remove.otherAccess')}
        </DialogContentText>
        {member.last_access ? (
          <FormControlLabel
            control={
              <Checkbox
                checked={deleteAccount}
                onChange={(e) => setDeleteAccount(e.target.checked)}
                slotProps={{ input: { 'data-testid': TEAM_IDS.deleteAccount } as object }}
              />
            }
            label={t('remove.deleteAccount')}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel', { ns: 'common' })}</Button>
        <Button
          color="error"
          variant="contained"
          onClick={confirm}
          disabled={busy}
          data-testid={TEAM_IDS.removeConfirm}
        >
          {t('remove.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
