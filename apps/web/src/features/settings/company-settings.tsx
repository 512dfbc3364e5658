import Alert from '@mui/material/Alert';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Link as RouterLink, Routes } from 'react-router';
import { useVendorRoles } from '../../app/shared-api';
import { PageLoader } from '../../components/page-loader';
import type { ClientFileTabProps } from '../client-file/tabs';
import { useWorkspace } from '../shell/workspace-context';
import { companyCanWrite, DEFAULT_COMPANY_TAB, sectionOf, visibleCompanyTabs } from './sections';
import { useSettingsNav } from './use-settings-nav';

type TabName = 'GeneralTab' | 'AddressesTab' | 'BanksTab' | 'FinancialYearsTab' | 'UsersTab';

/** The client-file tabs (built by the client file screens), loaded with the tab. */
const tab = (name: TabName) =>
  lazy(async () => ({
    default: (await import('../client-file/tabs'))[name] as ComponentType<ClientFileTabProps>,
  }));

const TAB_COMPONENTS: Record<string, ComponentType<ClientFileTabProps>> = {
  general: tab('GeneralTab'),
  addresses: tab('AddressesTab'),
  banks: tab('BanksTab'),
  'financial-years': tab('FinancialYearsTab'),
  users: tab('UsersTab'),
  themes: lazy(async () => {
    const { VendorThemesTab } = await import('../themes/vendor-themes-tab');
    return {
      default: ({ vendorId }: ClientFileTabProps) => <VendorThemesTab vendorId={vendorId} firmSide={false} />,
    };
  }),
  workflows: lazy(async () => ({
    default: (await import('../workflows/workflows-tab')).CompanyWorkflowsTab,
  })),
};

/** The settings of the selected company (client users): its tabs, editable per the user's role. */
export function CompanySettings({ vendorId }: { vendorId: number }) {
  const { t } = useTranslation('settings');
  const { company } = useWorkspace();
  const { subPath, to } = useSettingsNav();
  // The workspace reads the same entry: the role is usually in the cache already.
  const roles = useVendorRoles(vendorId);
  const tabs = visibleCompanyTabs();
  const current = sectionOf(subPath, tabs) ?? DEFAULT_COMPANY_TAB;
  const fallback = to(DEFAULT_COMPANY_TAB);

  if (roles.isPending) return <PageLoader />;
  if (!roles.data) return <Alert severity="error">{t('rolesError')}</Alert>;
  const { role, read_only: readOnly } = roles.data;

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {t('companyTitle', { company: company?.company ?? '' })}
      </Typography>
      <Tabs
        value={current}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('menu')}
        sx={{ mb: 2 }}
        data-testid="company-settings-tabs"
      >
        {tabs.map((c) => (
          <Tab
            key={c.path}
            value={c.path}
            label={t(`company.${c.path}`)}
            component={RouterLink}
            to={to(c.path)}
          />
        ))}
      </Tabs>
      {!companyCanWrite(current, role, readOnly) ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="company-settings-read-only">
          {t('readOnly')}
        </Alert>
      ) : null}
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route index element={<Navigate to={fallback} replace />} />
          {tabs.map((c) => {
            const Component = TAB_COMPONENTS[c.path];
            return Component ? (
              <Route
                key={c.path}
                path={`${c.path}/*`}
                element={<Component vendorId={vendorId} canWrite={companyCanWrite(c.path, role, readOnly)} />}
              />
            ) : null;
          })}
          <Route path="*" element={<Navigate to={fallback} replace />} />
        </Routes>
      </Suspense>
    </>
  );
}
