import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FLAG_NAME } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { serverFieldErrors } from '../../components/form/field-errors';
import { useCreateFeatureFlag } from './api';
import { SA_IDS } from './test-ids';

const EMPTY = { name: '', description: '', enabled: false, public: false };

/** A new flag: a valid unique name (checked here first), a description, its default, public or not. */
export function FlagCreateForm() {
  const { t } = useTranslation('platform-admin');
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateFeatureFlag();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!FLAG_NAME.test(values.name.trim())) {
      setErrors({ name: t('flags.nameInvalid') });
      return;
    }
    try {
      const flag = await create.mutateAsync({ ...values, name: values.name.trim() });
      enqueueSnackbar(t('flags.created', { name: flag.name }), { variant: 'success' });
      setValues(EMPTY);
      setErrors({});
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? {});
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2} data-testid={SA_IDS.flagForm}>
        <Typography variant="h6" component="h2">
          {t('flags.new')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('flags.name')}
            value={values.name}
            onChange={(e) => setValues({ ...values, name: e.target.value })}
            error={Boolean(errors.name)}
            helperText={errors.name ?? t('flags.nameHelp')}
            required
            sx={{ flex: 1 }}
            slotProps={{
              htmlInput: { 'data-testid': SA_IDS.flagName, autoCapitalize: 'none', spellCheck: false },
            }}
          />
          <TextField
            label={t('flags.description')}
            value={values.description}
            onChange={(e) => setValues({ ...values, description: e.target.value })}
            error={Boolean(errors.description)}
            helperText={errors.description}
            sx={{ flex: 2 }}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={values.enabled}
                onChange={(_, enabled) => setValues({ ...values, enabled })}
              />
            }
            label={t('flags.onByDefault')}
          />
          <FormControlLabel
            control={
              <Checkbox checked={values.public} onChange={(_, on) => setValues({ ...values, public: on })} />
            }
            label={t('flags.publicLabel')}
          />
          <Stack sx={{ flex: 1 }} />
          <Button
            type="submit"
            variant="contained"
            disabled={create.isPending}
            data-testid={SA_IDS.flagCreate}
          >
            {t('flags.create')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
