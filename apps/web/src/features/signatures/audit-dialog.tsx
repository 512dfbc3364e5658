import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { SignatureRequest } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useSignatureAudit } from './api';

/** The request's audit trail: its events, and whether their hash chain holds. */
export function AuditDialog({ request, onClose }: { request: SignatureRequest; onClose: () => void }) {
  const { t, i18n } = useTranslation('signatures');
  const audit = useSignatureAudit(request.vendor_id, request.id);
  const who = new Map(request.signatories.map((s) => [s.id, `${s.firstname} ${s.lastname}`]));
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{t('audit.title', { name: request.name })}</DialogTitle>
      <DialogContent>
        {audit.data && (
          <Alert severity={audit.data.chain_valid ? 'success' : 'error'} sx={{ mb: 2 }}>
            {t(audit.data.chain_valid ? 'audit.chainValid' : 'audit.chainBroken')}
          </Alert>
        )}
        <Table size="small" data-testid="signature-audit">
          <TableBody>
            {audit.data?.events.map((e) => (
              <TableRow key={e.id}>
                <TableCell>{new Date(e.at).toLocaleString(i18n.language)}</TableCell>
                <TableCell>{t(`events.${e.kind}`, { defaultValue: e.kind })}</TableCell>
                <TableCell>{e.signatory_id ? who.get(e.signatory_id) : ''}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 11 }}>{e.hash.slice(0, 16)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
