import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SignatureSettings } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api';
import { useSnackbar } from '../../../app/snackbars';
import { useSignatureSettings, useUpdateSignatureSettings } from '../api';

const REMINDER_CHOICES = [0, 1, 2, 3, 5, 7, 14];

/** The request editor's defaults (expiry, reminders), the members' code, and the balance (read only). */
export function SignatureDefaultsSection({ firmId }: { firmId: number }) {
  const { t } = useTranslation('signatures');
  const settings = useSignatureSettings(firmId);
  if (settings.isLoading) return <LinearProgress />;
  if (!settings.data) return null;
  return <DefaultsForm key={JSON.stringify(settings.data)} firmId={firmId} settings={settings.data} t={t} />;
}

function DefaultsForm({
  firmId,
  settings,
  t,
}: {
  firmId: number;
  settings: SignatureSettings;
  t: ReturnType<typeof useTranslation<'signatures'>>['t'];
}) {
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateSignatureSettings(firmId);
  const [expiry, setExpiry] = useState(String(settings.default_expiry_days));
  const [reminders, setReminders] = useState(settings.default_reminder_every_days ?? 0);
  const [code, setCode] = useState(settings.code_for_members);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const save = () =>
    update
      .mutateAsync({
        default_expiry_days: Number(expiry),
        default_reminder_every_days: reminders || null,
        code_for_members: code,
      })
      .then(
        () => {
          setErrors({});
          enqueueSnackbar(t('settings.saved'), { variant: 'success' });
        },
        (error: unknown) => isApiError(error) && setErrors(error.body?.errors ?? {}),
      );
  return (
    <Paper sx={{ p: 2 }} data-testid="signature-defaults">
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <Typography variant="h6" component="h2">
          {t('settings.title')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            type="number"
            label={t('settings.expiryDays')}
            value={expiry}
            onChange={(e) => setExpiry(e.target.value)}
            error={!!errors.default_expiry_days}
            helperText={errors.default_expiry_days?.join(' ')}
            slotProps={{ htmlInput: { min: 1, max: 365, 'data-testid': 'signature-default-expiry' } }}
          />
          <TextField
            select
            label={t('settings.reminderDays')}
            value={reminders}
            onChange={(e) => setReminders(Number(e.target.value))}
            sx={{ minWidth: 200 }}
          >
            {REMINDER_CHOICES.map((n) => (
              <MenuItem key={n} value={n}>
                {n === 0 ? t('editor.noReminders') : t('editor.everyDays', { count: n })}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <FormControlLabel
          control={<Switch checked={code} onChange={(e) => setCode(e.target.checked)} />}
          label={t('settings.codeForMembers')}
        />
        <Alert severity="info" data-testid="signature-balance">
          {t('settings.balance', {
            value: settings.signature_balance === null ? t('settings.unlimited') : settings.signature_balance,
          })}
        </Alert>
        <Stack direction="row">
          <Button variant="contained" disabled={update.isPending} onClick={() => void save()}>
            {t('settings.save')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
