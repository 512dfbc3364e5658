import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SessionTokens } from '@portal/contracts';
import type { MfaChallenge } from '@portal/contracts/auth/two-factor';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../api';
import { useAppNavigate } from '../../app/app-navigate';
import { signedInTarget } from '../../app/navigation';
import { startSession } from '../../app/session';
import { AppLink } from '../../components/app-link';
import { useMagicLinkSignIn } from './api';
import { SecondFactorStep } from './second-factor-step';

/** A mailed sign-in link: spends it, then the second factor if the person has one. */
export function MagicLinkPage() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const navigate = useAppNavigate();
  const signIn = useMagicLinkSignIn();
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const [error, setError] = useState<{ message: string; code?: string } | null>(null);
  // The link works once: a second run of the effect (React's strict mode) must not spend it again.
  const spent = useRef(false);

  const signedIn = useCallback(
    (tokens: SessionTokens) => {
      startSession(tokens);
      navigate(signedInTarget(''), { replace: true });
    },
    [navigate],
  );

  const { mutate } = signIn;
  useEffect(() => {
    if (spent.current) return;
    spent.current = true;
    mutate(token, {
      onSuccess: (answer) => ('mfa_required' in answer ? setChallenge(answer) : signedIn(answer)),
      onError: (e) =>
        setError(
          isApiError(e) ? { message: e.message, code: e.body?.code } : { message: t('errors:server-error') },
        ),
    });
  }, [token, mutate, signedIn, t]);

  if (challenge)
    return (
      <SecondFactorStep challenge={challenge} onSignedIn={signedIn} onCancel={() => navigate('/signin')} />
    );
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('magic.signingIn')}
      </Typography>
      {error ? (
        <>
          <Alert severity="error" data-testid="magic-link-error">
            {error.message}
          </Alert>
          {/* A second factor to turn on first: only a password sign-in enrols (docs/decisions.md). */}
          {error.code === 'password-sign-in-required' ? (
            <AppLink to="/signin" data-testid="magic-link-password">
              {t('magic.withPassword')}
            </AppLink>
          ) : (
            <AppLink to="/magic-link">{t('magic.again')}</AppLink>
          )}
        </>
      ) : (
        <CircularProgress sx={{ alignSelf: 'center' }} />
      )}
    </Stack>
  );
}
