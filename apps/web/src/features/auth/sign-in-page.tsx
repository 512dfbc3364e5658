import ChatIcon from '@mui/icons-material/Chat';
import Button from '@mui/material/Button';
import Fab from '@mui/material/Fab';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SessionTokens } from '@portal/contracts';
import type { MfaChallenge } from '@portal/contracts/auth/two-factor';
import { type FormEvent, lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../api';
import { useAppNavigate } from '../../app/app-navigate';
import { isEmbedded } from '../../app/embedded';
import { signedInTarget, withSsoRedirect } from '../../app/navigation';
import { startSession } from '../../app/session';
import { useWhiteLabel } from '../../app/white-label';
import { AppLink } from '../../components/app-link';
import { PlainTextField } from '../../components/form/plain-text-field';
import { TEST_IDS } from '../../components/test-ids';
import { useLogin } from './api';
import type { LoginErrors, LoginFields } from './sign-in-validation';

/** Shown only after a failed sign-in, or with SSO providers: loaded then, not with the page. */
const Alert = lazy(() => import('@mui/material/Alert'));
const Divider = lazy(() => import('@mui/material/Divider'));

/** The second factor's step, loaded when the password asks for it. */
const SecondFactorStep = lazy(() =>
  import('./second-factor-step').then((m) => ({ default: m.SecondFactorStep })),
);

/** The form's check (zod and the contracts), loaded when the visitor first focuses the form. */
const loadValidation = () => import('./sign-in-validation').then((m) => m.validateLogin);

/**
 * Sign-in: email and password, SSO buttons, forgotten password link, support chat. The first page
 * most visitors load, so it keeps to a plain form (no react-hook-form): validated on submit, then
 * on every change, like the app's other forms.
 */
export function SignInPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  const { data: whiteLabel } = useWhiteLabel();
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();
  const [values, setValues] = useState<LoginFields>({ email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const submitted = useRef(false);
  const inputs = useRef<Partial<Record<keyof LoginFields, HTMLInputElement | null>>>({});
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);

  const signedIn = (tokens: SessionTokens) => {
    startSession(tokens);
    navigate(signedInTarget(params.toString() ? `?${params}` : ''), { replace: true });
  };

  const change = (name: keyof LoginFields) => async (event: { target: { value: string } }) => {
    const next = { ...values, [name]: event.target.value };
    setValues(next);
    if (!submitted.current) return;
    const result = (await loadValidation())(next);
    setFieldErrors('errors' in result ? result.errors : {});
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    setSubmitting(true);
    try {
      const result = (await loadValidation())(values);
      if ('errors' in result) {
        setFieldErrors(result.errors);
        const first = (['email', 'password'] as const).find((name) => result.errors[name]);
        if (first) inputs.current[first]?.focus();
        return;
      }
      setFieldErrors({});
      setError(null);
      const answer = await login.mutateAsync(result.request);
      if ('mfa_required' in answer) setChallenge(answer);
      else signedIn(answer);
    } catch (e) {
      setError(isApiError(e) ? e.message : t('errors:server-error'));
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: keyof LoginFields) => ({
    name,
    value: values[name],
    onChange: change(name),
    inputRef: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    error: Boolean(fieldErrors[name]),
    helperText: fieldErrors[name] ? t(fieldErrors[name], { ns: 'errors' }) : undefined,
  });

  const providers = whiteLabel?.oauth_providers ?? [];
  if (challenge)
    return (
      <Suspense fallback={null}>
        <SecondFactorStep challenge={challenge} onSignedIn={signedIn} onCancel={() => setChallenge(null)} />
      </Suspense>
    );
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} onFocus={() => void loadValidation()} spacing={1}>
      <Typography variant="h4" component="h1">
        {t('signin.title')}
      </Typography>
      {error ? (
        <Suspense fallback={null}>
          <Alert severity="error" data-testid={TEST_IDS.signInError} role="alert">
            {error}
          </Alert>
        </Suspense>
      ) : null}
      <PlainTextField {...field('email')} label={t('signin.email')} type="email" autoComplete="username" />
      <PlainTextField
        {...field('password')}
        label={t('signin.password')}
        type="password"
        autoComplete="current-password"
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={submitting}
        data-testid={TEST_IDS.signInSubmit}
      >
        {t('signin.submit')}
      </Button>
      <AppLink to="/reset-password" sx={{ alignSelf: 'flex-end' }}>
        {t('signin.forgotten')}
      </AppLink>
      <AppLink to="/magic-link" sx={{ alignSelf: 'flex-end' }} data-testid="magic-link-link">
        {t('signin.magicLink')}
      </AppLink>
      {providers.length > 0 ? (
        <>
          <Suspense fallback={null}>
            <Divider>{t('signin.or')}</Divider>
          </Suspense>
          {providers.map((p) => (
            <Button
              key={p.id}
              variant="outlined"
              href={withSsoRedirect(p.url, params.get('redirect'))}
              data-testid={TEST_IDS.ssoButton}
            >
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
