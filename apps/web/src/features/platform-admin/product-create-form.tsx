import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SaModule } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { serverFieldErrors } from '../../components/form/field-errors';
import { useCreateSaProduct } from './api';

const EMPTY = { name: '', description: '', module_keys: [] as string[] };

/** A new product: a unique name, a description and at least one module. */
export function ProductCreateForm({ modules }: { modules: readonly SaModule[] }) {
  const { t } = useTranslation('platform-admin');
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateSaProduct();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!values.name.trim()) local.name = t('products.nameRequired');
    if (values.module_keys.length === 0) local.module_keys = t('products.modulesRequired');
    setErrors(local);
    if (Object.keys(local).length) return;
    try {
      const product = await create.mutateAsync(values);
      enqueueSnackbar(t('products.created', { name: product.name }), { variant: 'success' });
      setValues(EMPTY);
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? {});
    }
  };

  const toggle = (key: string, on: boolean) =>
    setValues({
      ...values,
      module_keys: on ? [...values.module_keys, key] : values.module_keys.filter((k) => k !== key),
    });

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <Typography variant="h6" component="h2">
          {t('products.new')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('products.name')}
            value={values.name}
            onChange={(e) => setValues({ ...values, name: e.target.value })}
            error={Boolean(errors.name)}
            helperText={errors.name}
            required
            sx={{ flex: 1 }}
          />
          <TextField
            label={t('products.description')}
            value={values.description}
            onChange={(e) => setValues({ ...values, description: e.target.value })}
            sx={{ flex: 2 }}
          />
        </Stack>
        <div>
          <Typography variant="subtitle2">{t('products.modules')}</Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
            {modules.map((m) => (
              <FormControlLabel
                key={m.key}
                control={
                  <Checkbox
                    checked={values.module_keys.includes(m.key)}
                    onChange={(_, on) => toggle(m.key, on)}
                  />
                }
                label={m.name}
              />
            ))}
          </Stack>
          {errors.module_keys ? <FormHelperText error>{errors.module_keys}</FormHelperText> : null}
        </div>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('products.create')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
