import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { NpsSettings } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { serverFieldErrors } from '../../components/form/field-errors';
import { PageLoader } from '../../components/page-loader';
import { useNpsSettings, usePutNpsSettings } from './api';
import { SaPageHeader } from './sa-page-header';
import { SA_IDS } from './test-ids';

/** `sa/nps-survey`: the satisfaction survey's settings. */
export function NpsPage() {
  const { t } = useTranslation('platform-admin');
  const settings = useNpsSettings();
  return (
    <Stack spacing={3} data-testid={SA_IDS.npsPage}>
      <SaPageHeader title={t('sections.nps-survey.title')} subtitle={t('nps.pageIntro')} />
      {settings.isPending ? <PageLoader /> : null}
      {settings.isError ? <Alert severity="error">{t('loadError')}</Alert> : null}
      {settings.data ? <NpsForm settings={settings.data} /> : null}
    </Stack>
  );
}

const valuesOf = (s: NpsSettings) => ({
  enabled: s.enabled,
  hide_message: s.hide_message,
  form: JSON.stringify(s.form, null, 2),
  min_days: String(s.min_days),
  rejection_count: String(s.rejection_count),
  collection_id: s.collection_id ?? '',
});

function NpsForm({ settings }: { settings: NpsSettings }) {
  const { t } = useTranslation('platform-admin');
  const { enqueueSnackbar } = useSnackbar();
  const put = usePutNpsSettings();
  const [values, setValues] = useState(() => valuesOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const whole = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v) : Number.NaN);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let form: unknown;
    try {
      form = JSON.parse(values.form);
    } catch {
      setErrors({ form: t('nps.formNotJson') });
      return;
    }
    try {
      const saved = await put.mutateAsync({
        enabled: values.enabled,
        hide_message: values.hide_message,
        form,
        min_days: whole(values.min_days),
        rejection_count: whole(values.rejection_count),
        collection_id: values.collection_id,
      });
      setValues(valuesOf(saved));
      setErrors({});
      enqueueSnackbar(t('nps.saved'), { variant: 'success' });
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? {});
    }
  };

  const text = (field: 'min_days' | 'rejection_count' | 'collection_id', help?: string) => (
    <TextField
      label={t(`nps.${field}`)}
      value={values[field]}
      onChange={(e) => setValues({ ...values, [field]: e.target.value })}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? help}
      slotProps={{ htmlInput: field === 'collection_id' ? {} : { inputMode: 'numeric' } }}
      sx={{ flex: 1 }}
    />
  );

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2} data-testid={SA_IDS.npsForm}>
        <FormControlLabel
          control={
            <Switch checked={values.enabled} onChange={(_, enabled) => setValues({ ...values, enabled })} />
          }
          label={t('nps.enabled')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={values.hide_message}
              onChange={(_, hide_message) => setValues({ ...values, hide_message })}
            />
          }
          label={t('nps.hide_message')}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {text('min_days', t('nps.minDaysHelp'))}
          {text('rejection_count', t('nps.rejectionHelp'))}
          {text('collection_id')}
        </Stack>
        <TextField
          label={t('nps.form')}
          value={values.form}
          onChange={(e) => setValues({ ...values, form: e.target.value })}
          error={Boolean(errors.form)}
          helperText={errors.form ?? t('nps.formHelp')}
          multiline
          minRows={8}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={put.isPending} data-testid={SA_IDS.npsSave}>
            {t('actions.save', { ns: 'common' })}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
