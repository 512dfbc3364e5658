import CheckIcon from '@mui/icons-material/Check';
import RemoveIcon from '@mui/icons-material/Remove';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * The rights of each firm role (spec section 6), as the server grants them
 * (packages/contracts/src/access/permissions.ts): `write` = with a read-write access.
 */
export const RIGHTS: readonly { key: string; admin: boolean; collaborator: boolean | 'write' }[] = [
  { key: 'addUser', admin: true, collaborator: false },
  { key: 'changeRights', admin: true, collaborator: false },
  { key: 'createClientFile', admin: true, collaborator: false },
  { key: 'removeUser', admin: true, collaborator: false },
  { key: 'editAccessibleFiles', admin: true, collaborator: false },
  { key: 'editClientInfo', admin: true, collaborator: 'write' },
  { key: 'editAccessibleThemes', admin: true, collaborator: false },
];

/** "Roles and rights": what an administrator and a collaborator may do. */
export function RightsInfoDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('team');
  const mark = (value: boolean | 'write') =>
    value === true ? (
      <CheckIcon color="success" aria-label={t('rights.yes')} />
    ) : value === 'write' ? (
      <Typography variant="body2">{t('rights.withWrite')}</Typography>
    ) : (
      <RemoveIcon color="disabled" aria-label={t('rights.no')} />
    );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('rights.title')}</DialogTitle>
      <DialogContent sx={{ px: { xs: 1, sm: 3 } }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('rights.right')}</TableCell>
              <TableCell align="center">{t('role.admin')}</TableCell>
              <TableCell align="center">{t('role.collaborator')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {RIGHTS.map((r) => (
              <TableRow key={r.key}>
                <TableCell>{t(`rights.${r.key}`)}</TableCell>
                <TableCell align="center">{mark(r.admin)}</TableCell>
                <TableCell align="center">{mark(r.collaborator)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('rights.notes')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close', { ns: 'common' })}</Button>
      </DialogActions>
    </Dialog>
  );
}
