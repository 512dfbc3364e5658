import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SessionTokens } from '@portal/contracts';
import type { MfaChallenge } from '@portal/contracts/auth/two-factor';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppNavigate } from '../../app/app-navigate';
import { HOME, safeRedirectTarget } from '../../app/navigation';
import { startSession } from '../../app/session';
import { PageLoader } from '../../components/page-loader';
import { takeSsoSession } from './api';
import { SecondFactorStep } from './second-factor-step';

/**
 * The end of an SSO sign-in: the server checked the provider's answer and sent the browser here;
 * the page takes the session (once, with the browser's cookie; no token ever travels in a URL),
 * then goes to `redirect` or home. A person with TOTP on gives their code first (unless the
 * portal's provider carries the second factor).
 */
export function OAuthCallbackPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  const started = useRef(false);
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);

  const signedIn = useCallback(
    (tokens: SessionTokens) => {
      startSession(tokens);
      navigate(safeRedirectTarget(params.get('redirect')) ?? HOME, { replace: true });
    },
    [params, navigate],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    takeSsoSession().then(
      (answer) => ('mfa_required' in answer ? setChallenge(answer) : signedIn(answer)),
      () => navigate('/sso-error/sso?reason=failed', { replace: true }),
    );
  }, [signedIn, navigate]);

  if (challenge)
    return (
      <SecondFactorStep challenge={challenge} onSignedIn={signedIn} onCancel={() => navigate('/signin')} />
    );

  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <PageLoader />
      <Typography color="text.secondary">{t('autologin.progress')}</Typography>
    </Stack>
  );
}
