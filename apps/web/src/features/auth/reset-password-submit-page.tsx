import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ResetPasswordRequest, resetPasswordRequestSchema } from '@portal/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../api';
import { useAppNavigate } from '../../app/app-navigate';
import { useSnackbar } from '../../app/snackbars';
import { AppLink } from '../../components/app-link';
import { NewPasswordFields } from '../../components/form/new-password-fields';
import { strongPasswordResolver, usePasswordStrengthPreload } from '../../components/form/password-strength';
import { PageLoader } from '../../components/page-loader';
import { usePasswordToken, useResetPassword } from './api';

type Input = z.input<typeof resetPasswordRequestSchema>;

/** Choose a new password from a reset link. */
export function ResetPasswordSubmitPage() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const check = usePasswordToken(token);
  const resetPassword = useResetPassword();
  const navigate = useAppNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [error, setError] = useState<string | null>(null);
  usePasswordStrengthPreload();
  const { control, handleSubmit, formState } = useForm<Input, unknown, ResetPasswordRequest>({
    resolver: strongPasswordResolver<Input, ResetPasswordRequest>(resetPasswordRequestSchema, {
      email: check.data?.email,
    }),
    defaultValues: { token, password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await resetPassword.mutateAsync(values);
      enqueueSnackbar(t('resetSubmit.done'), { variant: 'success' });
      navigate('/signin', { replace: true });
    } catch (e) {
      setError(isApiError(e) ? e.message : String(e));
    }
  });

  if (check.isPending) return <PageLoader />;
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={1}>
      <Typography variant="h4" component="h1">
        {t('resetSubmit.title')}
      </Typography>
      {check.isError ? (
        <Alert severity="error">{t('resetSubmit.invalid')}</Alert>
      ) : (
        <>
          <Typography color="text.secondary">{check.data.email}</Typography>
          {error ? <Alert severity="error">{error}</Alert> : null}
          <NewPasswordFields
            control={control}
            label={t('resetSubmit.password')}
            confirmationLabel={t('resetSubmit.confirmation')}
            hint={t('passwordHint')}
          />
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {t('resetSubmit.submit')}
          </Button>
        </>
      )}
      <AppLink to="/signin">{t('reset.backToSignin')}</AppLink>
    </Stack>
  );
}
