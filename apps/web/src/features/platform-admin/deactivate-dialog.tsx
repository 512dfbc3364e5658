import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { PlatformFirm } from '@portal/contracts';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setPlatformFirmActive } from './api';
import { confirmationMatches } from './firm-form';
import { SA_IDS } from './test-ids';

/** Deactivating a portal is dangerous: the super admin types its name to confirm (spec section 5). */
export function DeactivateDialog({ firm, onClose }: { firm: PlatformFirm; onClose: () => void }) {
  const { t } = useTranslation('platform-admin');
  const { enqueueSnackbar } = useSnackbar();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const matches = confirmationMatches(typed, firm.name);
  const submit = async () => {
    if (!matches) return;
    setBusy(true);
    try {
      await setPlatformFirmActive(firm.id, false);
      enqueueSnackbar(t('detail.deactivated', { name: firm.name }), { variant: 'success' });
      onClose();
    } catch {
      // Reported by the API client; the dialog stays open.
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid={SA_IDS.deactivateDialog}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle>{t('deactivate.title', { name: firm.name })}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('deactivate.warning')}
          </Alert>
          <DialogContentText>{t('deactivate.type', { name: firm.name })}</DialogContentText>
          <TextField
            fullWidth
            autoFocus
            margin="normal"
            label={t('deactivate.label')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel', { ns: 'common' })}</Button>
          <Button
            type="submit"
            color="error"
            variant="contained"
            disabled={busy || !matches}
            data-testid={SA_IDS.deactivateConfirm}
          >
            {t('deactivate.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
