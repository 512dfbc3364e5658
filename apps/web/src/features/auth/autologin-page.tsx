import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getRefreshToken, setTokens } from '../../api';
import { useAppNavigate } from '../../app/app-navigate';
import { HOME, safeRedirectTarget, signInRedirect } from '../../app/navigation';
import { endSession, startSession } from '../../app/session';
import { STORAGE_KEYS, writePref } from '../../app/storage';
import { setWhiteLabelFirmId } from '../../app/white-label';
import { PageLoader } from '../../components/page-loader';
import { refreshSession } from './api';

/**
 * Autologin: stores the tokens given in the query (`token`, `refresh_token`, `a_id`), refreshes
 * the session with a refresh token, then goes to `redirect` or home.
 */
export function AutologinPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useAppNavigate();
  const started = useRef(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = params.get('token');
    const queryRefresh = params.get('refresh_token');
    const firmId = Number(params.get('a_id'));
    const target = safeRedirectTarget(params.get('redirect')) ?? HOME;
    if (Number.isSafeInteger(firmId) && firmId > 0) {
      writePref(STORAGE_KEYS.lastFirm, firmId);
      setWhiteLabelFirmId(firmId);
    }
    if (token) setTokens(token, queryRefresh);
    const refresh = queryRefresh ?? (token ? null : getRefreshToken());
    if (!refresh) {
      if (token) startSession({ access_token: token, refresh_token: queryRefresh ?? '' });
      navigate(token ? target : signInRedirect(target, ''), { replace: true });
      return;
    }
    refreshSession(refresh).then(
      (tokens) => {
        startSession(tokens);
        navigate(target, { replace: true });
      },
      () => {
        endSession();
        setFailed(true);
        navigate(signInRedirect(target, ''), { replace: true });
      },
    );
  }, [params, navigate]);

  return (
    <Stack spacing={2} sx={{ alignItems: 'center' }}>
      {failed ? <Alert severity="error">{t('autologin.failed')}</Alert> : <PageLoader />}
      <Typography color="text.secondary">{t('autologin.progress')}</Typography>
    </Stack>
  );
}
