import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Link as RouterLink, Routes, useLocation, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { useMyHoldings } from './api';
import { HoldingCustomersPage } from './customers-page';
import { HoldingDashboardPage } from './dashboard-page';
import { HoldingTeamPage } from './team-page';
import { HOLDING_IDS } from './test-ids';
import { HoldingUserPage } from './user-page';
import { HoldingWorkspacesPage } from './workspaces-page';

const TABS = ['dashboard', 'customers', 'workspaces', 'team'] as const;

/**
 * `holding/*`: the holding area of its administrators and group admins (whatever their firm
 * role); anyone else goes home. A person of several holdings picks one (`?holding=`).
 */
export function HoldingPage() {
  const { t } = useTranslation('holding');
  const holdings = useMyHoldings();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  if (holdings.isPending) return <PageLoader />;
  const list = holdings.data ?? [];
  if (list.length === 0) return <Navigate to="/home" replace />;
  const asked = Number(params.get('holding'));
  const holding = list.find((h) => h.id === asked) ?? list[0]!;
  const tab = TABS.find((name) => location.pathname.startsWith(`/holding/${name}`)) ?? 'dashboard';
  const search = list.length > 1 ? `?holding=${holding.id}` : '';
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }} data-testid={HOLDING_IDS.page}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {t('title', { name: holding.name })}
        </Typography>
        {list.length > 1 ? (
          <TextField
            select
            size="small"
            label={t('pick')}
            value={holding.id}
            onChange={(e) => setParams({ holding: String(e.target.value) })}
            sx={{ minWidth: 200 }}
            slotProps={{ htmlInput: { 'data-testid': HOLDING_IDS.picker } }}
          >
            {list.map((h) => (
              <MenuItem key={h.id} value={h.id}>
                {h.name}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
      </Stack>
      <Tabs value={tab} variant="scrollable" allowScrollButtonsMobile aria-label={t('tabs.label')}>
        {TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`tabs.${name}`)}
            component={RouterLink}
            to={`/holding/${name}${search}`}
            data-testid={HOLDING_IDS.tab(name)}
          />
        ))}
      </Tabs>
      <Routes>
        <Route index element={<HoldingDashboardPage holding={holding} />} />
        <Route path="dashboard" element={<HoldingDashboardPage holding={holding} />} />
        <Route path="customers" element={<HoldingCustomersPage holding={holding} />} />
        <Route path="workspaces" element={<HoldingWorkspacesPage holding={holding} />} />
        <Route path="team" element={<HoldingTeamPage holding={holding} />} />
        <Route path="team/users/:userId" element={<HoldingUserPage holding={holding} />} />
        <Route path="*" element={<Navigate to={`/holding/dashboard${search}`} replace />} />
      </Routes>
    </Stack>
  );
}
