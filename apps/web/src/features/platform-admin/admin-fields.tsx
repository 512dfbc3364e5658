import Grid from '@mui/material/Grid';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form-text-field';
import type { CreateFirmFormValues } from './firm-form';

/** The new portal's first administrator: invited by mail to create a password. */
export function AdminFields({ control }: { control: Control<CreateFirmFormValues> }) {
  const { t } = useTranslation('platform-admin');
  return (
    <Grid container columnSpacing={2}>
      <Grid size={12}>
        <FormTextField
          control={control}
          name="admin.email"
          type="email"
          label={t('fields.email')}
          required
          fullWidth
          margin="dense"
          autoComplete="off"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          control={control}
          name="admin.firstname"
          label={t('fields.firstname')}
          required
          fullWidth
          margin="dense"
          autoComplete="off"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          control={control}
          name="admin.lastname"
          label={t('fields.lastname')}
          required
          fullWidth
          margin="dense"
          autoComplete="off"
        />
      </Grid>
    </Grid>
  );
}
