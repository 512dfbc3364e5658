import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ChangePasswordRequest, changePasswordRequestSchema } from '@portal/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useAppNavigate } from '../../app/app-navigate';
import { endSession } from '../../app/session';
import { useSnackbar } from '../../app/snackbars';
import { FormTextField } from '../../components/form/form-text-field';
import { TEST_IDS } from '../../components/test-ids';
import { useChangePassword } from './api';
import { ProfileTabs } from './profile-tabs';

/** Password change: the server signs the user out, so the app forgets the session and signs in again. */
export function ProfilePasswordPage() {
  const { t } = useTranslation('profile');
  const navigate = useAppNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const changePassword = useChangePassword();
  const { control, handleSubmit, formState } = useForm<
    z.input<typeof changePasswordRequestSchema>,
    unknown,
    ChangePasswordRequest
  >({
    resolver: zodResolver(changePasswordRequestSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    await changePassword.mutateAsync(values);
    endSession();
    enqueueSnackbar(t('password.done'), { variant: 'success' });
    navigate('/signin', { replace: true });
  });

  return (
    <>
      <ProfileTabs current="password" />
      <Paper
        component="form"
        noValidate
        onSubmit={onSubmit}
        sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}
        data-testid={TEST_IDS.passwordForm}
      >
        <Typography variant="h5" component="h1">
          {t('password.title')}
        </Typography>
        <Typography color="text.secondary">{t('password.intro')}</Typography>
        <FormTextField
          control={control}
          name="password"
          label={t('password.password')}
          type="password"
          autoComplete="new-password"
        />
        <FormTextField
          control={control}
          name="password_confirmation"
          label={t('password.confirmation')}
          type="password"
          autoComplete="new-password"
        />
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          {t('password.submit')}
        </Button>
      </Paper>
    </>
  );
}
