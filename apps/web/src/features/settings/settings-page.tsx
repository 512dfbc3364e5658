import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { useWorkspace } from '../shell/workspace-context';
import { CompanySettings } from './company-settings';
import { FirmSettings } from './firm-settings';
import { useSettingsNav } from './use-settings-nav';

/**
 * `settings/{context?}/*`, one route for both audiences: an accountant of the selected firm gets
 * the firm settings; a client user gets the settings of the selected company.
 */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const { loading, firm, company, vendorsLoading } = useWorkspace();
  const { context } = useSettingsNav();
  if (loading || (firm !== null && context === null)) return <PageLoader />;
  if (firm?.is_accountant) return <FirmSettings firm={firm} />;
  if (vendorsLoading) return <PageLoader />;
  if (firm && company) return <CompanySettings vendorId={company.id} />;
  return (
    <Alert severity="info" data-testid="settings-unavailable">
      {t('unavailable')}
    </Alert>
  );
}
