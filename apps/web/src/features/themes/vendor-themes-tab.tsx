import FolderIcon from '@mui/icons-material/FolderOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { VendorThemeUse } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { AllowedThemesCard } from './allowed-themes-card';
import { useVendorThemeOverview } from './api';
import { ThemeChip } from './theme-bits';
import { HolderChip } from './theme-usage';

/**
 * The Themes tab of a client file (`customer/{context}/themes`, `firmSide`) and of the company
 * settings (`settings/{context}/themes`): the themes the client file allows (firm administrators
 * change them), and per theme the folders that carry it and the people who hold it. Answered to
 * firm administrators and the client file's administrator only; others read why.
 */
export function VendorThemesTab({ vendorId, firmSide }: { vendorId: number; firmSide: boolean }) {
  const { t } = useTranslation('themes');
  const overview = useVendorThemeOverview(vendorId);
  if (overview.isPending) return <PageLoader />;
  if (overview.isError)
    return (
      <Alert severity="info" data-testid="vendor-themes-forbidden">
        {t('tab.forbidden')}
      </Alert>
    );
  const data = overview.data;
  const shown = firmSide ? data.themes : data.themes.filter((th) => th.allowed);
  return (
    <Stack spacing={2} data-testid="vendor-themes">
      <Typography color="text.secondary">{t('tab.intro')}</Typography>
      {firmSide ? <AllowedThemesCard vendorId={vendorId} overview={data} /> : null}
      {shown.length === 0 ? (
        <Paper sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography color="text.secondary">{t('tab.empty')}</Typography>
        </Paper>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {shown.map((theme) => (
            <ThemeCard key={theme.id} theme={theme} />
          ))}
        </Box>
      )}
      <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid="vendor-themes-everyone">
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {t('tab.everyone')}
        </Typography>
        {data.everyone.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('tab.noEveryone')}
          </Typography>
        ) : (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
            {data.everyone.map((p) => (
              <HolderChip key={`${p.side}-${p.user_id}`} holder={p} />
            ))}
          </Stack>
        )}
        {firmSide ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('tab.adminsNote')}
          </Typography>
        ) : null}
      </Paper>
    </Stack>
  );
}

function ThemeCard({ theme }: { theme: VendorThemeUse }) {
  const { t } = useTranslation('themes');
  return (
    <Paper
      sx={{ p: 2, minWidth: 0, opacity: theme.allowed ? 1 : 0.75 }}
      data-testid={`vendor-theme-${theme.id}`}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <ThemeChip theme={theme} />
        <Typography variant="body2" color="text.secondary">
          {t(`tab.rights.${theme.rights}`)}
        </Typography>
        {theme.allowed ? null : <Chip size="small" variant="outlined" label={t('tab.notAllowed')} />}
      </Stack>
      <Typography variant="subtitle2" component="h3">
        {t('tab.folders')}
      </Typography>
      {theme.folders.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('tab.noFolder')}
        </Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          {theme.folders.map((f) => (
            <Chip
              key={f.id}
              size="small"
              icon={<FolderIcon />}
              label={f.name}
              sx={{ maxWidth: '100%' }}
              data-testid={`vendor-theme-folder-${f.id}`}
            />
          ))}
        </Stack>
      )}
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
        {t('tab.people')}
      </Typography>
      {theme.people.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('tab.noPerson')}
        </Typography>
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          {theme.people.map((p) => (
            <HolderChip key={`${p.side}-${p.user_id}`} holder={p} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
