import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ShareLinkSettings } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import { useSnackbar } from '../../app/snackbars';
import { useFirmShareSettings, useSaveFirmShareSettings } from './api';

/** Firm settings: a new share link's default and longest life, in hours (administrators). */
export function ShareSettingsSection({ firmId }: { firmId: number }) {
  const settings = useFirmShareSettings(firmId);
  if (!settings.data) return null;
  return <ShareSettingsForm firmId={firmId} saved={settings.data} />;
}

function ShareSettingsForm({ firmId, saved }: { firmId: number; saved: ShareLinkSettings }) {
  const { t } = useTranslation('shares');
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveFirmShareSettings(firmId);
  const [defaultHours, setDefaultHours] = useState(String(saved.default_hours));
  const [maxHours, setMaxHours] = useState(String(saved.max_hours));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const submit = async () => {
    setErrors({});
    try {
      await save.mutateAsync({ default_hours: Number(defaultHours), max_hours: Number(maxHours) });
      enqueueSnackbar(t('settings.saved'), { variant: 'success' });
    } catch (error) {
      if (isApiError(error) && error.body?.errors) setErrors(error.body.errors);
      enqueueSnackbar(isApiError(error) ? error.message : String(error), { variant: 'error' });
    }
  };
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      data-testid="share-settings"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Typography variant="h6" component="h2">
        {t('settings.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          type="number"
          label={t('settings.defaultHours')}
          value={defaultHours}
          onChange={(e) => setDefaultHours(e.target.value)}
          error={Boolean(errors.default_hours)}
          helperText={errors.default_hours?.join(' ') ?? t('settings.hoursHelp')}
          slotProps={{ htmlInput: { min: 1, 'data-testid': 'share-default-hours' } }}
          fullWidth
        />
        <TextField
          type="number"
          label={t('settings.maxHours')}
          value={maxHours}
          onChange={(e) => setMaxHours(e.target.value)}
          error={Boolean(errors.max_hours)}
          helperText={errors.max_hours?.join(' ') ?? ' '}
          slotProps={{ htmlInput: { min: 1, 'data-testid': 'share-max-hours' } }}
          fullWidth
        />
      </Stack>
      <Stack direction="row">
        <Button type="submit" variant="contained" disabled={save.isPending} data-testid="save-share-settings">
          {t('settings.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
