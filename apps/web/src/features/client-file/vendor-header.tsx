import MoreVertIcon from '@mui/icons-material/MoreVert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Vendor } from '@portal/contracts';
import { encodeContext } from '@portal/contracts/context';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../app/app-navigate';
import { useSnackbar } from '../../app/snackbars';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { serverFieldErrors } from '../../components/form/field-errors';
import { useErrorText } from '../../components/form/use-error-text';
import { TypeToConfirmDialog } from '../../components/type-to-confirm-dialog';
import { useWorkspace } from '../shell/workspace-context';
import { LegalHoldControl } from '../storage/legal-hold';
import { useDeleteVendor, useSetVendorActive, useTransferVendor } from './api';
import { transferTargets } from './transfer-targets';

type Dialogs = 'deactivate' | 'transfer' | 'delete' | null;

/** Name, client code, status and the actions menu of a client file. */
export function VendorHeader({ vendor, canManage }: { vendor: Vendor; canManage: boolean }) {
  const { t } = useTranslation('client-file');
  const { enqueueSnackbar } = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const setVendorActive = useSetVendorActive(vendor.id);
  const { firms } = useWorkspace();
  const targets = transferTargets(firms, vendor.accounting_firm_id);
  const active = vendor.status === 'active';
  const open = (d: Dialogs) => {
    setAnchor(null);
    setDialog(d);
  };
  const restore = async () => {
    setAnchor(null);
    await setVendorActive.mutateAsync(true);
    enqueueSnackbar(t('header.restored'), { variant: 'success' });
  };
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 2 }} data-testid="client-file-header">
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
        <Stack sx={{ flex: 1, minWidth: 0 }} spacing={0.5}>
          <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
            {vendor.company}
          </Typography>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography color="text.secondary">
              {t('header.clientCode', { code: vendor.client_code })}
            </Typography>
            <Chip
              size="small"
              color={active ? 'success' : 'default'}
              label={t(`status.${vendor.status}`)}
              data-testid="client-file-status"
            />
            <LegalHoldControl vendorId={vendor.id} accountingFirmId={vendor.accounting_firm_id} />
          </Stack>
        </Stack>
        {canManage ? (
          <>
            <IconButton
              aria-label={t('header.actions')}
              aria-haspopup="menu"
              onClick={(e) => setAnchor(e.currentTarget)}
              data-testid="client-file-actions"
            >
              <MoreVertIcon />
            </IconButton>
            <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
              {active ? (
                <MenuItem onClick={() => open('deactivate')}>
                  <ListItemText>{t('header.deactivate')}</ListItemText>
                </MenuItem>
              ) : (
                <MenuItem onClick={restore}>
                  <ListItemText>{t('header.restore')}</ListItemText>
                </MenuItem>
              )}
              {targets.length > 0 ? (
                <MenuItem onClick={() => open('transfer')}>
                  <ListItemText>{t('header.transfer')}</ListItemText>
                </MenuItem>
              ) : null}
              <MenuItem onClick={() => open('delete')} sx={{ color: 'error.main' }}>
                <ListItemText>{t('header.delete')}</ListItemText>
              </MenuItem>
            </Menu>
          </>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={dialog === 'deactivate'}
        title={t('header.deactivateTitle')}
        body={t('header.deactivateBody', { name: vendor.company })}
        confirmLabel={t('header.deactivate')}
        onClose={() => setDialog(null)}
        onConfirm={async () => {
          await setVendorActive.mutateAsync(false);
          enqueueSnackbar(t('header.deactivated'), { variant: 'success' });
        }}
      />
      {dialog === 'transfer' ? (
        <TransferDialog vendor={vendor} targets={targets} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'delete' ? <DeleteDialog vendor={vendor} onClose={() => setDialog(null)} /> : null}
    </Paper>
  );
}

function TransferDialog({
  vendor,
  targets,
  onClose,
}: {
  vendor: Vendor;
  targets: { id: number; name: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation('client-file');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useAppNavigate();
  const [target, setTarget] = useState<number | ''>('');
  const [busy, setBusy] = useState(false);
  const transferVendor = useTransferVendor(vendor.id);
  const submit = async () => {
    if (target === '') return;
    setBusy(true);
    try {
      await transferVendor.mutateAsync(target);
      enqueueSnackbar(t('header.transferred'), { variant: 'success' });
      navigate(`/customers/${encodeContext(vendor.accounting_firm_id)}`);
    } catch {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('header.transferTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('header.transferBody', { name: vendor.company })}</DialogContentText>
        <TextField
          select
          fullWidth
          margin="normal"
          label={t('header.transferTarget')}
          value={target}
          onChange={(e) => setTarget(Number(e.target.value))}
        >
          {targets.map((f) => (
            <MenuItem key={f.id} value={f.id}>
              {f.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel', { ns: 'common' })}</Button>
        <Button variant="contained" onClick={submit} disabled={busy || target === ''}>
          {t('header.transfer')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DeleteDialog({ vendor, onClose }: { vendor: Vendor; onClose: () => void }) {
  const { t } = useTranslation('client-file');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useAppNavigate();
  const errorText = useErrorText();
  const deleteVendor = useDeleteVendor(vendor.id);
  return (
    <TypeToConfirmDialog
      title={t('header.deleteTitle')}
      warning={t('header.deleteWarning', { name: vendor.company })}
      severity="error"
      instruction={t('header.deleteType', { code: vendor.client_code })}
      label={t('fields.client_code')}
      confirmLabel={t('header.deleteConfirm')}
      word={vendor.client_code}
      onClose={onClose}
      onConfirm={async (typed) => {
        await deleteVendor.mutateAsync(typed);
        enqueueSnackbar(t('header.deleted'), { variant: 'success' });
        navigate(`/customers/${encodeContext(vendor.accounting_firm_id)}`);
      }}
      errorOf={(e) => errorText(serverFieldErrors(e)?.confirmation)}
      testId="client-file-delete-dialog"
    />
  );
}
