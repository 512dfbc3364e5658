import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type CreatePasswordRequest, createPasswordRequestSchema } from '@portal/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../api';
import { useAppNavigate } from '../../app/app-navigate';
import { useSnackbar } from '../../app/snackbars';
import { NewPasswordFields } from '../../components/form/new-password-fields';
import { strongPasswordResolver, usePasswordStrengthPreload } from '../../components/form/password-strength';
import { PageLoader } from '../../components/page-loader';
import { useCreatePassword, usePasswordToken } from './api';

type Input = Omit<z.input<typeof createPasswordRequestSchema>, 'cgu'> & { cgu: boolean };

/** An invited user creates a password and accepts the terms of use. */
export function CreatePasswordPage() {
  const { t } = useTranslation('auth');
  const { t: te } = useTranslation('errors');
  const { token = '' } = useParams();
  const check = usePasswordToken(token);
  const createPassword = useCreatePassword();
  const navigate = useAppNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [error, setError] = useState<string | null>(null);
  usePasswordStrengthPreload();
  const { control, handleSubmit, formState } = useForm<Input, unknown, CreatePasswordRequest>({
    // The strength check knows the invited email once the link is checked (the page waits for it).
    resolver: strongPasswordResolver<Input, CreatePasswordRequest>(createPasswordRequestSchema, {
      email: check.data?.email,
    }),
    defaultValues: { token, password: '', password_confirmation: '', cgu: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await createPassword.mutateAsync(values);
      enqueueSnackbar(t('createPassword.done'), { variant: 'success' });
      navigate('/signin', { replace: true });
    } catch (e) {
      setError(isApiError(e) ? e.message : String(e));
    }
  });

  if (check.isPending) return <PageLoader />;
  if (check.isError) return <Alert severity="error">{t('resetSubmit.invalid')}</Alert>;
  const firmId = check.data.accounting_firm_id ?? check.data.terms?.accounting_firm_id;
  const termsHref = firmId ? `/cgu-cgv?accounting_firm_id=${firmId}` : '/cgu-cgv';
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={1}>
      <Typography variant="h4" component="h1">
        {t('createPassword.title')}
      </Typography>
      <Typography color="text.secondary">{t('createPassword.intro', { email: check.data.email })}</Typography>
      {error ? <Alert severity="error">{error}</Alert> : null}
      <NewPasswordFields
        control={control}
        label={t('createPassword.password')}
        confirmationLabel={t('createPassword.confirmation')}
        hint={t('passwordHint')}
      />
      <Controller
        control={control}
        name="cgu"
        render={({ field, fieldState }) => (
          <>
            <FormControlLabel
              control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              label={
                <>
                  {t('createPassword.terms')}{' '}
                  <Link href={termsHref} target="_blank" rel="noopener">
                    {t('createPassword.termsLink')}
                  </Link>
                </>
              }
            />
            {fieldState.error?.message ? (
              <FormHelperText error>{te(fieldState.error.message)}</FormHelperText>
            ) : null}
          </>
        )}
      />
      <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
        {t('createPassword.submit')}
      </Button>
    </Stack>
  );
}
