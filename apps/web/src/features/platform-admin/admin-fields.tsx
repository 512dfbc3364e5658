import Grid from '@mui/material/Grid';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PersonFields } from '../../components/form/person-fields';
import type { CreateFirmFormValues } from './firm-form';

/** The new portal's first administrator: invited by mail to create a password. */
export function AdminFields({ control }: { control: Control<CreateFirmFormValues> }) {
  const { t } = useTranslation('platform-admin');
  return (
    <Grid container columnSpacing={2}>
      <PersonFields
        control={control}
        prefix="admin."
        labels={{
          email: t('fields.email'),
          firstname: t('fields.firstname'),
          lastname: t('fields.lastname'),
        }}
      />
    </Grid>
  );
}
