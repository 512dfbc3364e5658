import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { decodeContext } from '@portal/contracts/context';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { MissionsTab } from '../missions/missions-tab';
import { VendorThemesTab } from '../themes/vendor-themes-tab';
import { WorkflowsTab } from '../workflows/workflows-tab';
import { useVendor, useVendorRoles } from './api';
import { type ClientFileTab, canWriteVendor, tabOf, VISIBLE_CLIENT_FILE_TABS } from './client-file-tabs';
import {
  AddressesTab,
  AdministrationTab,
  BanksTab,
  type ClientFileTabProps,
  FinancialYearsTab,
  FiscalTab,
  GeneralTab,
  NotesTab,
  UsersTab,
} from './tabs';
import { VendorHeader } from './vendor-header';

const TAB_COMPONENTS: Partial<Record<ClientFileTab, ComponentType<ClientFileTabProps>>> = {
  general: GeneralTab,
  fiscal: FiscalTab,
  administration: AdministrationTab,
  banks: BanksTab,
  addresses: AddressesTab,
  notes: NotesTab,
  'financial-years': FinancialYearsTab,
  users: UsersTab,
  themes: ({ vendorId }) => <VendorThemesTab vendorId={vendorId} firmSide />,
  workflows: WorkflowsTab,
};

/** `customer/{context}/<tab>`: a client file with its header and tabs (accountants). */
export function ClientFilePage() {
  const { t } = useTranslation('client-file');
  const params = useParams();
  const location = useLocation();
  const context = params.context;
  const vendorId = decodeContext(context)?.vendorId ?? null;
  const tab = tabOf(params['*']);
  if (vendorId === null) return <Alert severity="info">{t('noClient')}</Alert>;
  return (
    <ClientFile
      key={vendorId}
      vendorId={vendorId}
      context={context ?? ''}
      tab={tab}
      search={location.search}
    />
  );
}

function ClientFile({
  vendorId,
  context,
  tab,
  search,
}: {
  vendorId: number;
  context: string;
  tab: ClientFileTab;
  search: string;
}) {
  const { t } = useTranslation('client-file');
  const vendor = useVendor(vendorId);
  const roles = useVendorRoles(vendorId);
  if (vendor.isError) return <Alert severity="error">{t('loadError')}</Alert>;
  if (!vendor.data || roles.isPending) return <PageLoader />;
  const canWrite = canWriteVendor(roles.data);
  const Component = TAB_COMPONENTS[tab] ?? GeneralTab;
  return (
    <Box sx={{ minWidth: 0 }}>
      <VendorHeader vendor={vendor.data} canManage={canWrite} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('tabsLabel')}
        >
          {VISIBLE_CLIENT_FILE_TABS.map((key) => (
            <Tab
              key={key}
              value={key}
              label={t(`tabs.${key}`)}
              component={RouterLink}
              to={`/customer/${context}/${key}${search}`}
              data-testid={`client-file-tab-${key}`}
            />
          ))}
        </Tabs>
      </Box>
      {tab === 'services' ? (
        <MissionsTab vendorId={vendorId} firmId={vendor.data.accounting_firm_id} canWrite={canWrite} />
      ) : (
        <Component vendorId={vendorId} canWrite={canWrite} />
      )}
    </Box>
  );
}
