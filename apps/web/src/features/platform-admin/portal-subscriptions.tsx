import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SaModule } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { useAllPlatformFirms, useModuleSubscriptions, useSetSubscription } from './api';
import { SA_IDS } from './test-ids';

/** `sa/modules/subscriptions`: which modules one portal subscribes to, switched one by one. */
export function PortalSubscriptions({ modules }: { modules: readonly SaModule[] }) {
  const { t } = useTranslation('platform-admin');
  const { enqueueSnackbar } = useSnackbar();
  const firms = useAllPlatformFirms();
  const subscriptions = useModuleSubscriptions();
  const setSubscription = useSetSubscription();
  const [firmId, setFirmId] = useState<number | ''>('');
  const firm = firms.data?.data.find((f) => f.id === firmId);

  const subscribed = (moduleId: number) =>
    firmId !== '' &&
    Boolean(subscriptions.data?.find((s) => s.module_id === moduleId)?.accounting_firm_ids.includes(firmId));

  const toggle = async (m: SaModule, on: boolean) => {
    if (firmId === '' || !firm) return;
    await setSubscription.mutateAsync({ moduleId: m.id, firmId, on });
    await subscriptions.refetch();
    enqueueSnackbar(
      t(on ? 'subscriptions.subscribed' : 'subscriptions.unsubscribed', { module: m.name, firm: firm.name }),
      {
        variant: 'success',
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={SA_IDS.subscriptions}>
      <Stack spacing={2}>
        <div>
          <Typography variant="h6" component="h2">
            {t('subscriptions.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('subscriptions.intro')}
          </Typography>
        </div>
        {firms.isError || subscriptions.isError ? <Alert severity="error">{t('loadError')}</Alert> : null}
        <TextField
          select
          label={t('subscriptions.portal')}
          value={firmId}
          onChange={(e) => setFirmId(Number(e.target.value))}
          sx={{ maxWidth: { sm: 360 } }}
          slotProps={{ htmlInput: { 'data-testid': SA_IDS.subscriptionsPortal } }}
        >
          {(firms.data?.data ?? []).map((f) => (
            <MenuItem key={f.id} value={f.id}>
              {f.name}
            </MenuItem>
          ))}
        </TextField>
        {firmId !== '' ? (
          <Stack>
            {modules.map((m) => (
              <FormControlLabel
                key={m.id}
                control={
                  <Switch
                    checked={subscribed(m.id)}
                    disabled={setSubscription.isPending || subscriptions.isFetching}
                    onChange={(_, on) => void toggle(m, on)}
                  />
                }
                label={m.is_active ? m.name : t('subscriptions.inactive', { name: m.name })}
              />
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
