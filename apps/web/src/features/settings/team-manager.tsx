import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { AccountingFirmSummary } from '@portal/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Link as RouterLink, Routes, useParams } from 'react-router';
import { useMe } from '../../app/session';
import { PageLoader } from '../../components/page-loader';
import { MembersPage } from '../team/members-page';
import { visibleTeamPages } from './sections';
import { useSettingsNav } from './use-settings-nav';

// The users' page (the default) comes with the settings; the other pages load when opened.
const CompaniesPage = lazy(() =>
  import('../team/companies-page').then((m) => ({ default: m.CompaniesPage })),
);
const MemberDetailPage = lazy(() =>
  import('../team/member-detail-page').then((m) => ({ default: m.MemberDetailPage })),
);
const ThemesPage = lazy(() => import('../themes/themes-page').then((m) => ({ default: m.ThemesPage })));
const FirmWorkflowsPage = lazy(() =>
  import('../workflows/workflows-tab').then((m) => ({ default: m.FirmWorkflowsPage })),
);

/**
 * `settings/{context}/team-manager/*`: the team's pages (users, the default, and companies), the
 * themes and the firm's workflows (drawer `workflows/{hexadecimal id}` or `workflows/create`). Admins write, collaborators read.
 */
export function TeamManager({ firm }: { firm: AccountingFirmSummary }) {
  const { t } = useTranslation('team');
  const { subPath, to, go } = useSettingsNav();
  const page = subPath.split('/')[1] ?? 'users';
  const pages = visibleTeamPages();
  const current = (pages as string[]).includes(page) ? page : 'users';
  const canManage = firm.is_accountant_admin;
  const me = useMe();
  // The group admin flag is the holding administrator's (or the super admin's) to give.
  const canGrantGroupAdmin = firm.is_holding_admin || Boolean(me.data?.is_super_admin);
  const openMember = (userId: number) => go(`team-manager/users/${userId}`);

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <Tabs
        value={current}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
        aria-label={t('title')}
      >
        {pages.map((p) => (
          <Tab key={p} value={p} label={t(`tabs.${p}`)} component={RouterLink} to={to(`team-manager/${p}`)} />
        ))}
      </Tabs>
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route index element={<Navigate to={to('team-manager/users')} replace />} />
          <Route
            path="users"
            element={
              <MembersPage
                firmId={firm.id}
                canManage={canManage}
                canGrantGroupAdmin={canGrantGroupAdmin}
                onOpen={openMember}
              />
            }
          />
          <Route
            path="users/:userId"
            element={
              <MemberRoute firmId={firm.id} canManage={canManage} canGrantGroupAdmin={canGrantGroupAdmin} />
            }
          />
          <Route
            path="companies"
            element={<CompaniesPage firmId={firm.id} canManage={canManage} onOpenMember={openMember} />}
          />
          <Route path="themes" element={<ThemesPage firmId={firm.id} canManage={canManage} />} />
          {pages.includes('workflows') ? (
            <Route
              path="workflows/*"
              element={<FirmWorkflowsPage firmId={firm.id} canManage={canManage} />}
            />
          ) : null}
          <Route path="*" element={<Navigate to={to('team-manager/users')} replace />} />
        </Routes>
      </Suspense>
    </>
  );
}

function MemberRoute({
  firmId,
  canManage,
  canGrantGroupAdmin,
}: {
  firmId: number;
  canManage: boolean;
  canGrantGroupAdmin: boolean;
}) {
  const { userId } = useParams();
  const { go } = useSettingsNav();
  const me = useMe();
  const id = Number(userId);
  const back = () => go('team-manager/users');
  if (!Number.isInteger(id) || id <= 0) return <Navigate to="." replace />;
  return (
    <MemberDetailPage
      key={id}
      firmId={firmId}
      userId={id}
      canManage={canManage}
      canGrantGroupAdmin={canGrantGroupAdmin}
      meId={me.data?.id ?? null}
      onBack={back}
    />
  );
}
