import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { AccountingFirmSummary } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Link as RouterLink, Routes } from 'react-router';
import { useCatalogNav } from './catalog-nav';
import { CategoriesPage } from './categories-page';
import { OffersPage } from './offers-page';
import { ServicePage } from './service-page';

/**
 * `settings/{context}/offers/*` (spec section 2): the firm's catalogue. `offers` goes to its
 * categories; `categories/{categoryId?}` lists the categories and the chosen one's services,
 * `categories/{categoryId}/catalog-services/{catalogServiceId}` is a service's form (`create` for a
 * new one), `catalog-offers` the offers. Ids in the address are hexadecimal (spec section 2).
 * Administrators write; collaborators read.
 */
export function OffersSettings({ firm }: { firm: AccountingFirmSummary }) {
  const { t } = useTranslation('catalog');
  const { subPath, to } = useCatalogNav();
  const tab = subPath.split('/')[1] === 'catalog-offers' ? 'catalog-offers' : 'categories';
  const canManage = firm.is_accountant_admin;
  const props = { firmId: firm.id, canManage };

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <Tabs value={tab} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }} aria-label={t('title')}>
        <Tab
          value="categories"
          label={t('tabs.categories')}
          component={RouterLink}
          to={to('offers/categories')}
          data-testid="catalog-tab-categories"
        />
        <Tab
          value="catalog-offers"
          label={t('tabs.offers')}
          component={RouterLink}
          to={to('offers/catalog-offers')}
          data-testid="catalog-tab-offers"
        />
      </Tabs>
      <Routes>
        <Route index element={<Navigate to={to('offers/categories')} replace />} />
        <Route path="categories" element={<CategoriesPage {...props} />} />
        <Route path="categories/:categoryId" element={<CategoriesPage {...props} />} />
        <Route
          path="categories/:categoryId/catalog-services/:serviceId"
          element={<ServicePage {...props} />}
        />
        <Route path="catalog-offers" element={<OffersPage {...props} />} />
        <Route path="*" element={<Navigate to={to('offers/categories')} replace />} />
      </Routes>
    </>
  );
}
