import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccountingFirmSummary, ThemeMode } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { useFirmWhiteLabels } from './api';
import { BRANDING_IDS } from './branding-test-ids';
import { BrandingThemeCard } from './branding-theme-card';
import { SsoProvidersPanel } from './sso-providers-panel';

const THEMES: readonly ThemeMode[] = ['light', 'dark'];

/** Firm settings, branding ("pimp my firm"): name, colours and logo of the light and dark themes. */
export function BrandingPage({ firm }: { firm: AccountingFirmSummary }) {
  const { t } = useTranslation('settings');
  const query = useFirmWhiteLabels(firm.id);
  // As for the terms: only a firm administrator may change them (the API answers 403 to others).
  const canEdit = firm.is_accountant_admin;

  if (query.isPending) return <PageLoader />;
  if (query.isError) return <Alert severity="error">{query.error.message}</Alert>;
  const labels = THEMES.flatMap((theme) => query.data.find((l) => l.theme === theme) ?? []);

  return (
    <Stack spacing={2} data-testid={BRANDING_IDS.page}>
      <Typography variant="h5" component="h1">
        {t('branding.title')}
      </Typography>
      <Typography color="text.secondary">{t('branding.intro', { firm: firm.name })}</Typography>
      <Alert severity="info">{canEdit ? t('branding.help') : t('branding.adminOnly')}</Alert>
      {/* Side by side when there is room for two cards, else one under the other. */}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 26rem), 1fr))',
          gap: 2,
          alignItems: 'start',
        }}
      >
        {labels.map((label) => (
          <BrandingThemeCard key={label.theme} firm={firm} label={label} canEdit={canEdit} />
        ))}
      </Box>
      {canEdit ? <SsoProvidersPanel firm={firm} /> : null}
    </Stack>
  );
}
