import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AccountingFirmSummary, StorageSettings } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import { useSnackbar } from '../../app/snackbars';
import { PageLoader } from '../../components/page-loader';
import { ShareSettingsSection } from '../shares/share-settings-form';
import { useSaveStorageSettings, useStorageSettings } from './api';
import { UsageSummary } from './usage-summary';

/**
 * Firm settings, "Storage and retention" (administrators): usage, trash and version retention,
 * and the share links' default and longest life.
 */
export function StorageSettingsPage({ firm }: { firm: AccountingFirmSummary }) {
  const { t } = useTranslation('storage');
  const settings = useStorageSettings(firm.id);
  if (settings.isPending) return <PageLoader />;
  if (!settings.data) return <Alert severity="info">{t('settings.adminsOnly')}</Alert>;
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }} data-testid="storage-settings">
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {t('settings.title')}
        </Typography>
        <Typography variant="h6" component="h2">
          {t('usage.title')}
        </Typography>
        <UsageSummary usage={settings.data.usage} testId="storage-usage" />
        <Typography variant="body2" color="text.secondary">
          {t('usage.quotaBySuperAdmin')}
        </Typography>
        <Divider />
        <RetentionForm firmId={firm.id} saved={settings.data} />
        <Divider />
        <ShareSettingsSection firmId={firm.id} />
      </Stack>
    </Paper>
  );
}

function RetentionForm({ firmId, saved }: { firmId: number; saved: StorageSettings }) {
  const { t } = useTranslation('storage');
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveStorageSettings(firmId);
  const [days, setDays] = useState(String(saved.trash_retention_days));
  const [allVersions, setAllVersions] = useState(saved.version_retention === null);
  const [versions, setVersions] = useState(String(saved.version_retention ?? 10));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const submit = async () => {
    setErrors({});
    try {
      await save.mutateAsync({
        trash_retention_days: Number(days),
        version_retention: allVersions ? null : Number(versions),
      });
      enqueueSnackbar(t('settings.saved'), { variant: 'success' });
    } catch (error) {
      if (isApiError(error) && error.body?.errors) setErrors(error.body.errors);
    }
  };
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextField
        type="number"
        label={t('settings.trashDays')}
        value={days}
        onChange={(e) => setDays(e.target.value)}
        error={Boolean(errors.trash_retention_days)}
        helperText={t('settings.trashDaysHelp')}
        slotProps={{ htmlInput: { min: 0, max: 3650, 'data-testid': 'trash-retention-days' } }}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={allVersions}
            onChange={(e) => setAllVersions(e.target.checked)}
            slotProps={{ input: { 'data-testid': 'keep-all-versions' } as object }}
          />
        }
        label={t('settings.keepAllVersions')}
      />
      {allVersions ? null : (
        <TextField
          type="number"
          label={t('settings.versions')}
          value={versions}
          onChange={(e) => setVersions(e.target.value)}
          error={Boolean(errors.version_retention)}
          helperText={t('settings.versionsHelp')}
          slotProps={{ htmlInput: { min: 1, max: 1000, 'data-testid': 'version-retention' } }}
        />
      )}
      <Typography variant="body2" color="text.secondary">
        {t('settings.holdNote')}
      </Typography>
      <Stack direction="row">
        <Button
          type="submit"
          variant="contained"
          disabled={save.isPending}
          data-testid="save-storage-settings"
        >
          {t('settings.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
