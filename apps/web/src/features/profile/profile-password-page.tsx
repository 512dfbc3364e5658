import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ChangePasswordRequest, changePasswordRequestSchema } from '@portal/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useAppNavigate } from '../../app/app-navigate';
import { endSession, useMe } from '../../app/session';
import { useSnackbar } from '../../app/snackbars';
import { serverFieldErrors } from '../../components/form/field-errors';
import { FormTextField } from '../../components/form/form-text-field';
import { NewPasswordFields } from '../../components/form/new-password-fields';
import { strongPasswordResolver, usePasswordStrengthPreload } from '../../components/form/password-strength';
import { TEST_IDS } from '../../components/test-ids';
import { useChangePassword, useThisSession } from './api';
import { ProfileSessions } from './profile-sessions';
import { ProfileTabs } from './profile-tabs';
import { ProfileTwoFactor } from './profile-two-factor';

type Input = z.input<typeof changePasswordRequestSchema>;
const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

/**
 * Password change: the current password first (the server refuses without it), then a new one the
 * strength check accepts. The server signs the user out, so the app forgets the session.
 */
export function ProfilePasswordPage() {
  const { t } = useTranslation('profile');
  const navigate = useAppNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const changePassword = useChangePassword();
  const me = useMe();
  const session = useThisSession();
  usePasswordStrengthPreload();
  const { control, handleSubmit, formState, setError } = useForm<Input, unknown, ChangePasswordRequest>({
    resolver: strongPasswordResolver<Input, ChangePasswordRequest>(changePasswordRequestSchema, {
      email: me.data?.email,
      firstname: me.data?.firstname,
      lastname: me.data?.lastname,
    }),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await changePassword.mutateAsync(values);
    } catch (error) {
      // The API client told the first message in the snackbar; each field shows its own.
      for (const [name, message] of Object.entries(serverFieldErrors(error) ?? {})) {
        if ((FIELDS as readonly string[]).includes(name))
          setError(name as (typeof FIELDS)[number], { message });
      }
      return;
    }
    endSession();
    enqueueSnackbar(t('password.done'), { variant: 'success' });
    navigate('/signin', { replace: true });
  });

  if (session.data?.bound_accounting_firm_id != null)
    return (
      <>
        <ProfileTabs current="password" />
        <Alert severity="info" sx={{ maxWidth: 560 }} data-testid="bound-session-notice">
          {t('password.boundSession')}
        </Alert>
      </>
    );

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
          name="current_password"
          label={t('password.current')}
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordFields
          control={control}
          label={t('password.password')}
          confirmationLabel={t('password.confirmation')}
          hint={t('password.hint')}
        />
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          {t('password.submit')}
        </Button>
      </Paper>
      <ProfileTwoFactor />
      <ProfileSessions />
    </>
  );
}
