import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { StatusContent, type StatusNode } from './status-panel';

/** A node's status in a dialog (the documents page's "status" action). */
export function StatusDialog({
  vendorId,
  node,
  onClose,
}: {
  vendorId: number;
  node: StatusNode;
  onClose: () => void;
}) {
  const { t } = useTranslation('workflows');
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="status-title"
    >
      <DialogTitle id="status-title">{t('statusOf', { name: node.name })}</DialogTitle>
      <DialogContent dividers data-testid="status-dialog">
        <StatusContent vendorId={vendorId} node={node} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
