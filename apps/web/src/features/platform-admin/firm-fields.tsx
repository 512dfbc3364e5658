import Grid from '@mui/material/Grid';
import type { Control, FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form/form-text-field';
import type { FirmFormValues } from './firm-form';

/** Name, domain and welcome message of a portal (create and edit forms). */
export function FirmFields<T extends FirmFormValues>({ control }: { control: Control<T> }) {
  const { t } = useTranslation('platform-admin');
  const name = (key: keyof FirmFormValues) => key as FieldPath<T>;
  return (
    <Grid container columnSpacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          control={control}
          name={name('name')}
          label={t('fields.name')}
          required
          fullWidth
          margin="dense"
          autoComplete="off"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          control={control}
          name={name('domain')}
          label={t('fields.domain')}
          helperText={t('fields.domainHelp')}
          fullWidth
          margin="dense"
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
        />
      </Grid>
      <Grid size={12}>
        <FormTextField
          control={control}
          name={name('welcome_message')}
          label={t('fields.welcome_message')}
          helperText={t('fields.welcomeHelp')}
          fullWidth
          margin="dense"
          multiline
          minRows={3}
        />
      </Grid>
    </Grid>
  );
}
