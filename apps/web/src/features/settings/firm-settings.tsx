import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { AccountingFirmSummary } from '@portal/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Link as RouterLink, Routes } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { DEFAULT_FIRM_SECTION, sectionKey, sectionOf, visibleFirmSections } from './sections';
import { TeamManager } from './team-manager';
import { useSettingsNav } from './use-settings-nav';

// The team (the default section) comes with the page; the other sections, with their forms and
// the contracts' schemas, load when opened: a cold load of the settings compiled all of them.
const BrandingPage = lazy(() => import('./branding-page').then((m) => ({ default: m.BrandingPage })));
const FirmTermsPage = lazy(() => import('./firm-terms-page').then((m) => ({ default: m.FirmTermsPage })));
const SignInSettingsPage = lazy(() =>
  import('./sign-in-settings-page').then((m) => ({ default: m.SignInSettingsPage })),
);
const StorageSettingsPage = lazy(() =>
  import('../storage/storage-settings-page').then((m) => ({ default: m.StorageSettingsPage })),
);
const OffersSettings = lazy(() =>
  import('../catalog/offers-settings').then((m) => ({ default: m.OffersSettings })),
);
const QuickfoldersManager = lazy(() =>
  import('../quickfolders/quickfolders-manager').then((m) => ({ default: m.QuickfoldersManager })),
);
const FirmAuditPage = lazy(() =>
  import('../audit/firm-audit-page').then((m) => ({ default: m.FirmAuditPage })),
);
const SignatureSettingsPage = lazy(() =>
  import('./signature-settings-page').then((m) => ({ default: m.SignatureSettingsPage })),
);

/**
 * The firm settings (accountants): a side menu on desktop, a select on small screens. Only built
 * sections are offered; a path to another one goes to the default section.
 */
export function FirmSettings({ firm }: { firm: AccountingFirmSummary }) {
  const { t } = useTranslation('settings');
  const wide = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  const { subPath, to, go } = useSettingsNav();
  const sections = visibleFirmSections(firm.is_group_admin);
  const current = sectionOf(subPath, sections) ?? DEFAULT_FIRM_SECTION;
  const label = (path: string) => t(`firm.${sectionKey(path)}`);
  const fallback = to(`${DEFAULT_FIRM_SECTION}/users`);

  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={{ xs: 1.5, md: 3 }}
      sx={{ alignItems: 'flex-start' }}
    >
      {wide ? (
        <Paper
          component="nav"
          aria-label={t('menu')}
          sx={{ width: 248, flexShrink: 0, position: 'sticky', top: 80 }}
        >
          <List
            dense
            data-testid="settings-menu"
            subheader={<ListSubheader sx={{ bgcolor: 'transparent' }}>{t('firmTitle')}</ListSubheader>}
          >
            {sections.map((s) => (
              <ListItemButton
                key={s.path}
                component={RouterLink}
                to={to(s.path)}
                selected={s.path === current}
              >
                <ListItemText primary={label(s.path)} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      ) : (
        <TextField
          select
          fullWidth
          size="small"
          label={t('menu')}
          value={current}
          onChange={(e) => go(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'settings-menu-select' } }}
        >
          {sections.map((s) => (
            <MenuItem key={s.path} value={s.path}>
              {label(s.path)}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Stack sx={{ flex: 1, minWidth: 0, width: '100%' }}>
        <Suspense fallback={<PageLoader />}>
          <Routes>
            <Route index element={<Navigate to={fallback} replace />} />
            <Route path="team-manager/*" element={<TeamManager firm={firm} />} />
            <Route path="pimpmyfirm/*" element={<BrandingPage firm={firm} />} />
            <Route path="terms-of-service/*" element={<FirmTermsPage firm={firm} />} />
            <Route path="security/*" element={<SignInSettingsPage firm={firm} />} />
            <Route path="storage/*" element={<StorageSettingsPage firm={firm} />} />
            <Route path="offers/*" element={<OffersSettings firm={firm} />} />
            <Route path="quickfolders-manager/*" element={<QuickfoldersManager firm={firm} />} />
            <Route path="signatures/*" element={<SignatureSettingsPage firm={firm} />} />
            {/* The group admin's sections open the holding area for this portal's holding. */}
            <Route
              path="group/administration/*"
              element={<Navigate to={`/holding/workspaces?holding=${firm.holding_id ?? ''}`} replace />}
            />
            <Route
              path="group/manager/*"
              element={<Navigate to={`/holding/team?holding=${firm.holding_id ?? ''}`} replace />}
            />
            <Route path="audit/*" element={<FirmAuditPage firm={firm} />} />
            <Route path="*" element={<Navigate to={fallback} replace />} />
          </Routes>
        </Suspense>
      </Stack>
    </Stack>
  );
}
