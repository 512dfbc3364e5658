import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { ComingSoonPage } from '../../components/coming-soon-page';
import { FirmCreatePage } from './firm-create-page';
import { FirmDetailPage } from './firm-detail-page';
import { FirmsPage } from './firms-page';
import { FlagsPage } from './flags-page';
import { ModulesPage } from './modules-page';
import { NpsPage } from './nps-page';
import { ProductsPage } from './products-page';
import { SaHomePage } from './sa-home-page';
import { SA_SECTIONS, saPath } from './sections';

/** `sa/*`, super admin only (the route guard sends anyone else home): home, portals, modules, products, flags. */
export function PlatformAdminPage() {
  const { t } = useTranslation('platform-admin');
  return (
    <Routes>
      <Route index element={<SaHomePage />} />
      <Route path="home" element={<SaHomePage />} />
      <Route path="accounting-firms" element={<FirmsPage />} />
      <Route path="accounting-firms/create" element={<FirmCreatePage />} />
      <Route path="accounting-firms/:accountingFirmId" element={<FirmRoute />} />
      <Route path="modules" element={<ModulesPage />} />
      <Route path="modules/subscriptions" element={<ModulesPage />} />
      <Route path="products" element={<ProductsPage />} />
      <Route path="flags" element={<FlagsPage />} />
      <Route path="nps-survey" element={<NpsPage />} />
      {SA_SECTIONS.filter((s) => !s.built).map((s) => (
        <Route
          key={s.path}
          path={`${s.path}/*`}
          element={<ComingSoonPage title={t(`sections.${s.path}.title`)} />}
        />
      ))}
      <Route path="*" element={<Navigate to={saPath()} replace />} />
    </Routes>
  );
}

function FirmRoute() {
  const { accountingFirmId } = useParams();
  const id = Number(accountingFirmId);
  if (!/^\d+$/.test(accountingFirmId ?? '') || !Number.isSafeInteger(id) || id <= 0) {
    return <Navigate to={saPath('accounting-firms')} replace />;
  }
  return <FirmDetailPage key={id} firmId={id} />;
}
