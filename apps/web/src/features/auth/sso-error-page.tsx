import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { AppLink } from '../../components/app-link';

/**
 * An SSO sign-in that failed: `reason=not-added` when the provider's person is not one the firm
 * added (or their email is not verified), else a failure at the provider or of the exchange.
 */
export function SsoErrorPage() {
  const { t } = useTranslation('auth');
  const { vendor = '' } = useParams();
  const [params] = useSearchParams();
  const notAdded = params.get('reason') === 'not-added';
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('ssoError.title')}
      </Typography>
      <Alert severity="error" data-testid="sso-error">
        {notAdded ? t('ssoError.notAdded', { vendor }) : t('ssoError.body', { vendor })}
      </Alert>
      <AppLink to="/signin">{t('ssoError.back')}</AppLink>
    </Stack>
  );
}
