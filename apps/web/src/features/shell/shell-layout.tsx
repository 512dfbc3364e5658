import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useMe } from '../../app/session';
import { PageLoader } from '../../components/page-loader';
import { TEST_IDS } from '../../components/test-ids';
import { VersionLabel } from '../../components/version-label';
import { CompanySelector } from './company-selector';
import { FirmSelector } from './firm-selector';
import { NavDrawer } from './nav-drawer';
import { TermsNotice } from './terms-notice';
import { TopBar } from './top-bar';
import { useCurrentRoute } from './use-current-route';
import { useWorkspace, WorkspaceProvider } from './workspace-context';

/** The signed-in frame: top bar, navigation, selectors, and the page. */
export function ShellLayout() {
  const [mobileOpen, setMobileOpen] = useState(false);
  const wide = useMediaQuery(useTheme().breakpoints.up('sm'), { noSsr: true });
  return (
    <WorkspaceProvider>
      <Box sx={{ display: 'flex', minHeight: '100vh' }}>
        <TopBar onMenu={() => setMobileOpen((o) => !o)} selectors={wide} />
        <NavDrawer mobileOpen={mobileOpen} onClose={() => setMobileOpen(false)} />
        <Box
          component="main"
          sx={{ flex: 1, minWidth: 0, p: { xs: 1, sm: 3 }, display: 'flex', flexDirection: 'column' }}
        >
          <Toolbar />
          {wide ? null : (
            // One under the other: side by side they are wider than a phone.
            <Stack spacing={1} sx={{ mb: 1 }}>
              <FirmSelector />
              <CompanySelector />
            </Stack>
          )}
          <Box sx={{ flex: 1 }}>
            <ShellContent />
          </Box>
          <Box component="footer" sx={{ textAlign: 'right', pt: 2 }}>
            <VersionLabel />
          </Box>
        </Box>
      </Box>
    </WorkspaceProvider>
  );
}

/** The page, or why there is none: no workspace, no company. */
function ShellContent() {
  const { t } = useTranslation('shell');
  const route = useCurrentRoute();
  const { loading, firms, firm, vendors, vendorsLoading } = useWorkspace();
  const me = useMe();
  const onProfile = route?.id.startsWith('profile') === true;
  if (loading && !onProfile) return <PageLoader />;
  if (!loading && firms.length === 0 && !onProfile) {
    return (
      <Alert severity="warning" data-testid={TEST_IDS.noWorkspace}>
        <strong>{t('noWorkspace.title')}</strong> — {t('noWorkspace.body')}
      </Alert>
    );
  }
  // A super admin sees every firm without being a member of it: no company is expected.
  const needsCompany =
    firm !== null &&
    !firm.is_accountant &&
    me.data?.is_super_admin !== true &&
    !vendorsLoading &&
    vendors.length === 0;
  return (
    <>
      {needsCompany && !onProfile ? (
        <Alert severity="error" data-testid={TEST_IDS.noCompany} sx={{ mb: 2 }}>
          {t('companySelector.noCompany')}
        </Alert>
      ) : null}
      <Outlet />
      <TermsNotice />
    </>
  );
}
