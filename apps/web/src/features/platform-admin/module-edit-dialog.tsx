import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MODULE_AUDIENCES, type SaModule } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { serverFieldErrors } from '../../components/form/field-errors';
import { useUpdateSaModule } from './api';
import { SA_IDS } from './test-ids';

type Flag = 'is_home' | 'is_navbar' | 'is_settings';
const FLAGS: { key: Flag; label: string }[] = [
  { key: 'is_home', label: 'modules.isHome' },
  { key: 'is_navbar', label: 'modules.isNavbar' },
  { key: 'is_settings', label: 'modules.isSettings' },
];

/** A module's name, priority, flags and audience. */
export function ModuleEditDialog({ module, onClose }: { module: SaModule; onClose: () => void }) {
  const { t } = useTranslation('platform-admin');
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateSaModule();
  const [values, setValues] = useState({
    name: module.name,
    priority: String(module.priority),
    is_home: module.is_home,
    is_navbar: module.is_navbar,
    is_settings: module.is_settings,
    audience: module.audience,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = async () => {
    const priority = Number(values.priority);
    if (!/^\d+$/.test(values.priority.trim())) {
      setErrors({ priority: t('modules.priorityInvalid') });
      return;
    }
    try {
      await update.mutateAsync({ id: module.id, body: { ...values, priority } });
      enqueueSnackbar(t('modules.saved', { name: values.name }), { variant: 'success' });
      onClose();
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? {});
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid={SA_IDS.moduleDialog}>
      <DialogTitle>{t('modules.edit', { name: module.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('modules.name')}
            value={values.name}
            onChange={(e) => setValues({ ...values, name: e.target.value })}
            error={Boolean(errors.name)}
            helperText={errors.name}
            required
          />
          <TextField
            label={t('modules.priority')}
            value={values.priority}
            onChange={(e) => setValues({ ...values, priority: e.target.value })}
            error={Boolean(errors.priority)}
            helperText={errors.priority ?? t('modules.priorityHelp')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            select
            label={t('modules.audienceLabel')}
            value={values.audience}
            onChange={(e) => setValues({ ...values, audience: e.target.value as SaModule['audience'] })}
          >
            {MODULE_AUDIENCES.map((a) => (
              <MenuItem key={a} value={a}>
                {t(`modules.audience.${a}`)}
              </MenuItem>
            ))}
          </TextField>
          {FLAGS.map((f) => (
            <FormControlLabel
              key={f.key}
              control={
                <Checkbox
                  checked={values[f.key]}
                  onChange={(_, checked) => setValues({ ...values, [f.key]: checked })}
                />
              }
              label={t(f.label)}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel', { ns: 'common' })}</Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={update.isPending}
          data-testid={SA_IDS.moduleSave}
        >
          {t('actions.save', { ns: 'common' })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
