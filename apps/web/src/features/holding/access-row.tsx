import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { HoldingWorkspaceAccess, PutHoldingWorkspaceAccessRequest } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { HOLDING_IDS } from './test-ids';

type Props = {
  access: HoldingWorkspaceAccess;
  /** Nobody changes their own access: everything read-only. */
  locked: boolean;
  /** Only a holding administrator gives or takes the group admin flag. */
  canGroupAdmin: boolean;
  onChange: (body: PutHoldingWorkspaceAccessRequest) => void;
  onRemove: () => void;
};

/** A person's access to one workspace: role, read-only, all client files, group admin; removal. */
export function AccessRow({ access, locked, canGroupAdmin, onChange, onRemove }: Props) {
  const { t } = useTranslation('holding');
  const change = (patch: Partial<PutHoldingWorkspaceAccessRequest>) =>
    onChange({ role: access.role, ...patch });
  const toggle = (
    label: string,
    checked: boolean,
    key: 'read_only' | 'all_vendors' | 'is_group_admin',
    disabled = false,
  ) => (
    <FormControlLabel
      sx={{ mr: 0 }}
      disabled={locked || disabled}
      control={
        <Switch size="small" checked={checked} onChange={(e) => change({ [key]: e.target.checked })} />
      }
      label={label}
    />
  );
  return (
    <Stack
      component="li"
      spacing={1}
      sx={{ py: 1.5, px: { xs: 1.5, sm: 2 }, listStyle: 'none' }}
      data-testid={HOLDING_IDS.accessRow(access.accounting_firm_id)}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{access.name}</Typography>
        {access.pending ? <Chip size="small" label={t('team.pending')} /> : null}
        <Tooltip title={locked ? t('team.ownAccess') : t('team.remove')}>
          <span>
            <IconButton aria-label={t('team.remove')} disabled={locked} onClick={onRemove}>
              <DeleteIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }} sx={{ flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('team.role')}
          value={access.role}
          disabled={locked}
          onChange={(e) => change({ role: e.target.value as 'admin' | 'collaborator' })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="admin">{t('roles.admin')}</MenuItem>
          <MenuItem value="collaborator">{t('roles.collaborator')}</MenuItem>
        </TextField>
        {toggle(t('team.readOnly'), access.read_only, 'read_only')}
        {toggle(t('team.allVendors'), access.all_vendors, 'all_vendors')}
        {toggle(t('team.groupAdmin'), access.is_group_admin, 'is_group_admin', !canGroupAdmin)}
      </Stack>
    </Stack>
  );
}
