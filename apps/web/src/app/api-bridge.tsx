import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { configureApi } from '../api';
import { findRoute } from './app-navigate';
import { translateErrorKey } from './i18n';
import { carryEmbedded, signInRedirect } from './navigation';
import { endSession } from './session';
import { useSnackbar } from './snackbars';

/** Connects the HTTP client to the snackbar, the language and the sign-in redirect. */
export function ApiBridge() {
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const { i18n } = useTranslation();

  useEffect(() => {
    configureApi({
      language: () => i18n.language,
      translate: translateErrorKey,
      notifyError: (message) => enqueueSnackbar(message, { variant: 'error', preventDuplicate: true }),
      onUnauthorized: () => {
        endSession();
        const { pathname, search } = window.location;
        if (findRoute(pathname)?.auth === 'anonymous') return;
        void navigate(carryEmbedded(signInRedirect(pathname, search), search), { replace: true });
      },
    });
  }, [enqueueSnackbar, navigate, i18n]);

  return null;
}
