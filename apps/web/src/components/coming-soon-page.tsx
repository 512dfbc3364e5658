import ConstructionIcon from '@mui/icons-material/Construction';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { TEST_IDS } from './test-ids';

/**
 * A screen that is not built yet: its translated title and a "coming soon" note. Inside a tab or
 * a settings section, pass the section's own `title`; otherwise the route's name is shown.
 */
export function ComingSoonPage({ title }: { title?: string }) {
  const { t } = useTranslation();
  const matches = useMatches();
  const routeId = (matches.at(-1)?.handle as { routeId?: string } | undefined)?.routeId ?? 'home';
  const name = title ?? t(`routes.${routeId}`);
  return (
    <Paper data-testid={TEST_IDS.comingSoon} sx={{ p: 4, textAlign: 'center' }}>
      <ConstructionIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />
      <Typography variant="h5" component="h1" gutterBottom>
        {name}
      </Typography>
      <Typography variant="h6" component="p">
        {t('comingSoon.title')}
      </Typography>
      <Typography color="text.secondary">{t('comingSoon.body', { name })}</Typography>
    </Paper>
  );
}
