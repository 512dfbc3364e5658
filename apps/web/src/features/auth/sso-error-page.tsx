import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AppLink } from '../../components/app-link';

/** An OAuth sign-in that failed at the provider or was refused by the firm. */
export function SsoErrorPage() {
  const { t } = useTranslation('auth');
  const { vendor = '' } = useParams();
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('ssoError.title')}
      </Typography>
      <Alert severity="error">{t('ssoError.body', { vendor })}</Alert>
      <AppLink to="/signin">{t('ssoError.back')}</AppLink>
    </Stack>
  );
}
