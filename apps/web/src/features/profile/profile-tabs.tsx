import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { builtFeatures } from '@portal/contracts/features';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { navigationTarget } from '../../app/app-navigate';

/** The profile sections offered: the built ones. */
const SECTIONS = builtFeatures.profile;

export function ProfileTabs({ current }: { current: (typeof SECTIONS)[number] }) {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('profile');
  const location = useLocation();
  return (
    <Tabs
      value={current}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={tp('nav.label')}
      sx={{ mb: 2 }}
    >
      {SECTIONS.map((s) => (
        <Tab
          key={s}
          value={s}
          label={t(`routes.profile-${s}`)}
          component={RouterLink}
          to={navigationTarget(`/profile/${s}`, location.search).to}
        />
      ))}
    </Tabs>
  );
}
