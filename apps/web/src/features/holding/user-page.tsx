import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MyHolding } from '@portal/contracts';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useMe } from '../../app/session';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageLoader } from '../../components/page-loader';
import { AccessRow } from './access-row';
import {
  useHoldingDashboard,
  useHoldingUser,
  usePutWorkspaceAccess,
  useRemoveWorkspaceAccess,
  useSetHoldingAdmin,
} from './api';
import { fullName } from './team-page';
import { HOLDING_IDS } from './test-ids';

const ignore = () => undefined;

/** `holding/team/users/{userId}`: a person's profile, holding-admin access and access per workspace. */
export function HoldingUserPage({ holding }: { holding: MyHolding }) {
  const { t } = useTranslation('holding');
  const userId = Number(useParams().userId);
  const me = useMe().data;
  const person = useHoldingUser(holding.id, userId);
  const firms = useHoldingDashboard(holding.id).data?.per_workspace ?? [];
  const setAdmin = useSetHoldingAdmin(holding.id, userId);
  const put = usePutWorkspaceAccess(holding.id, userId);
  const remove = useRemoveWorkspaceAccess(holding.id, userId);
  const [adding, setAdding] = useState<number | ''>('');
  const [removing, setRemoving] = useState<number | null>(null);
  const back = (
    <div>
      <Button
        size="small"
        startIcon={<ArrowBackIcon />}
        component={RouterLink}
        to={`/holding/team?holding=${holding.id}`}
      >
        {t('team.back')}
      </Button>
    </div>
  );
  if (person.isPending) return <PageLoader />;
  if (person.isError)
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="error">{t('loadError')}</Alert>
      </Stack>
    );
  const u = person.data;
  const self = me?.id === u.user_id;
  const isHoldingAdmin = holding.role === 'holding_admin';
  const free = firms.filter((f) => !u.workspaces.some((w) => w.accounting_firm_id === f.accounting_firm_id));
  const removingName = u.workspaces.find((w) => w.accounting_firm_id === removing)?.name ?? '';
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }} data-testid={HOLDING_IDS.person}>
      {back}
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {fullName(u)}
        </Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {u.email}
        </Typography>
        <FormControlLabel
          sx={{ mt: 1 }}
          disabled={self || !isHoldingAdmin || setAdmin.isPending}
          control={
            <Switch
              checked={u.holding_admin}
              onChange={(e) => setAdmin.mutateAsync(e.target.checked).catch(ignore)}
              slotProps={{ input: { 'data-testid': HOLDING_IDS.holdingAdmin } as object }}
            />
          }
          label={t('team.holdingAdminAccess')}
        />
        {self ? (
          <Typography variant="body2" color="text.secondary">
            {t('team.ownAccess')}
          </Typography>
        ) : null}
      </Paper>
      <Paper sx={{ minWidth: 0 }}>
        <Typography variant="subtitle1" component="h3" sx={{ px: 2, pt: 2 }}>
          {t('team.workspaces')}
        </Typography>
        <Stack component="ul" sx={{ m: 0, p: 0 }}>
          {u.workspaces.map((w, index) => (
            <Fragment key={w.accounting_firm_id}>
              {index > 0 ? <Divider component="li" /> : null}
              <AccessRow
                access={w}
                locked={self || put.isPending}
                canGroupAdmin={isHoldingAdmin}
                onChange={(body) => put.mutateAsync({ firmId: w.accounting_firm_id, body }).catch(ignore)}
                onRemove={() => setRemoving(w.accounting_firm_id)}
              />
            </Fragment>
          ))}
        </Stack>
        {!self && free.length > 0 ? (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ p: 2, alignItems: { sm: 'center' } }}
          >
            <TextField
              select
              size="small"
              label={t('team.addTo')}
              value={adding}
              onChange={(e) => setAdding(Number(e.target.value))}
              sx={{ minWidth: 220 }}
            >
              {free.map((f) => (
                <MenuItem key={f.accounting_firm_id} value={f.accounting_firm_id}>
                  {f.name}
                </MenuItem>
              ))}
            </TextField>
            <Button
              startIcon={<AddIcon />}
              disabled={adding === '' || put.isPending}
              data-testid={HOLDING_IDS.addAccess}
              onClick={() =>
                adding !== '' &&
                put
                  .mutateAsync({ firmId: adding, body: { role: 'collaborator' } })
                  .then(() => setAdding(''))
                  .catch(ignore)
              }
            >
              {t('team.add')}
            </Button>
          </Stack>
        ) : null}
      </Paper>
      <ConfirmDialog
        open={removing !== null}
        title={t('team.removeTitle')}
        body={t('team.removeBody', { name: fullName(u), workspace: removingName })}
        confirmLabel={t('team.remove')}
        onClose={() => setRemoving(null)}
        onConfirm={() => remove.mutateAsync(removing!).then(() => setRemoving(null))}
      />
    </Stack>
  );
}
