import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppNavigate } from '../../app/app-navigate';
import { HOME, safeRedirectTarget } from '../../app/navigation';
import { startSession } from '../../app/session';
import { PageLoader } from '../../components/page-loader';
import { takeSsoSession } from './api';

/**
 * The end of an SSO sign-in: the server checked the provider's answer and sent the browser here;
 * the page takes the session (once, with the browser's cookie; no token ever travels in a URL),
 * then goes to `redirect` or home.
 */
export function OAuthCallbackPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const target = safeRedirectTarget(params.get('redirect')) ?? HOME;
    takeSsoSession().then(
      (tokens) => {
        startSession(tokens);
        navigate(target, { replace: true });
      },
      () => navigate('/sso-error/sso?reason=failed', { replace: true }),
    );
  }, [params, navigate]);

  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      <PageLoader />
      <Typography color="text.secondary">{t('autologin.progress')}</Typography>
    </Stack>
  );
}
