import { zodResolver } from '@hookform/resolvers/zod';
import ChatIcon from '@mui/icons-material/Chat';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Fab from '@mui/material/Fab';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type LoginRequest, loginRequestSchema } from '@portal/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../api';
import { useAppNavigate } from '../../app/app-navigate';
import { isEmbedded } from '../../app/embedded';
import { signedInTarget } from '../../app/navigation';
import { startSession } from '../../app/session';
import { useWhiteLabel } from '../../app/white-label';
import { AppLink } from '../../components/app-link';
import { FormTextField } from '../../components/form/form-text-field';
import { TEST_IDS } from '../../components/test-ids';
import { useLogin } from './api';

type LoginInput = z.input<typeof loginRequestSchema>;

/** Sign-in: email and password, SSO buttons, forgotten password link, support chat. */
export function SignInPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  const { data: whiteLabel } = useWhiteLabel();
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();
  const { control, handleSubmit, formState } = useForm<LoginInput, unknown, LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      startSession(await login.mutateAsync(values));
      navigate(signedInTarget(params.toString() ? `?${params}` : ''), { replace: true });
    } catch (e) {
      setError(isApiError(e) ? e.message : t('errors:server-error'));
    }
  });

  const providers = whiteLabel?.oauth_providers ?? [];
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={1}>
      <Typography variant="h4" component="h1">
        {t('signin.title')}
      </Typography>
      {error ? (
        <Alert severity="error" data-testid={TEST_IDS.signInError} role="alert">
          {error}
        </Alert>
      ) : null}
      <FormTextField
        control={control}
        name="email"
        label={t('signin.email')}
        type="email"
        autoComplete="username"
      />
      <FormTextField
        control={control}
        name="password"
        label={t('signin.password')}
        type="password"
        autoComplete="current-password"
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={formState.isSubmitting}
        data-testid={TEST_IDS.signInSubmit}
      >
        {t('signin.submit')}
      </Button>
      <AppLink to="/reset-password" sx={{ alignSelf: 'flex-end' }}>
        {t('signin.forgotten')}
      </AppLink>
      {providers.length > 0 ? (
        <>
          <Divider>{t('signin.or')}</Divider>
          {providers.map((p) => (
            <Button key={p.name} variant="outlined" href={p.url} data-testid={TEST_IDS.ssoButton}>
              {t('signin.sso', { label: p.label })}
            </Button>
          ))}
        </>
      ) : null}
      {isEmbedded(params) ? null : (
        <Fab
          color="secondary"
          aria-label={t('signin.chat')}
          title={t('signin.chat')}
          data-testid={TEST_IDS.supportChat}
          sx={{ position: 'fixed', right: 24, bottom: 24 }}
        >
          <ChatIcon />
        </Fab>
      )}
    </Stack>
  );
}
