import AppsIcon from '@mui/icons-material/Apps';
import BusinessIcon from '@mui/icons-material/Business';
import ExtensionIcon from '@mui/icons-material/Extension';
import FlagIcon from '@mui/icons-material/Flag';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import PollIcon from '@mui/icons-material/Poll';
import SupportIcon from '@mui/icons-material/SupportAgent';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SA_SECTIONS, saPath } from './sections';
import { SA_IDS } from './test-ids';
import { useSaLink } from './use-sa-link';

const ICONS: Record<string, ReactNode> = {
  'accounting-firms': <BusinessIcon />,
  applications: <AppsIcon />,
  modules: <ExtensionIcon />,
  flags: <FlagIcon />,
  products: <Inventory2Icon />,
  'nps-survey': <PollIcon />,
  'customer-import': <UploadFileIcon />,
  support: <SupportIcon />,
};

/** `sa` (home): the platform's administration areas that are built. */
export function SaHomePage() {
  const { t } = useTranslation('platform-admin');
  const link = useSaLink();
  return (
    <Stack spacing={2} data-testid={SA_IDS.home}>
      <div>
        <Typography variant="h5" component="h1">
          {t('home.title')}
        </Typography>
        <Typography color="text.secondary">{t('home.intro')}</Typography>
      </div>
      <Grid container spacing={2}>
        {SA_SECTIONS.filter((s) => s.card && s.built).map((s) => {
          const content = (
            <CardContent sx={{ height: '100%' }}>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
                <Stack sx={{ color: s.built ? 'primary.main' : 'text.disabled' }}>{ICONS[s.path]}</Stack>
                <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
                  {t(`sections.${s.path}.title`)}
                </Typography>
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {t(`sections.${s.path}.body`)}
              </Typography>
              {s.built ? null : <Chip size="small" label={t('home.soon')} sx={{ mt: 1.5 }} />}
            </CardContent>
          );
          return (
            <Grid key={s.path} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Card
                variant="outlined"
                sx={{ height: '100%', opacity: s.built ? 1 : 0.7 }}
                aria-disabled={s.built ? undefined : true}
              >
                {s.built ? (
                  <CardActionArea
                    component={RouterLink}
                    to={link(saPath(s.path))}
                    sx={{ height: '100%' }}
                    data-testid={s.path === 'accounting-firms' ? SA_IDS.homeFirms : undefined}
                  >
                    {content}
                  </CardActionArea>
                ) : (
                  content
                )}
              </Card>
            </Grid>
          );
        })}
      </Grid>
    </Stack>
  );
}
