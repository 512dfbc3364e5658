import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isEmbedded } from '../app/embedded';
import { TEST_IDS } from './test-ids';

/** "v1.59.3": hidden when the app is embedded in a mobile app. */
export function VersionLabel() {
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  if (isEmbedded(params)) return null;
  return (
    <Typography variant="caption" color="text.secondary" data-testid={TEST_IDS.appVersion}>
      {t('version', { version: __APP_VERSION__ })}
    </Typography>
  );
}
