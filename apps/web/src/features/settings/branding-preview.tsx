import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ThemeMode } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { BRANDING_IDS } from './branding-test-ids';

/** MUI's page background and text in light and dark mode: the preview shows the theme, not the editor's mode. */
const SURFACES: Record<ThemeMode, { background: string; text: string }> = {
  light: { background: '#ffffff', text: 'rgba(0, 0, 0, 0.87)' },
  dark: { background: '#121212', text: '#ffffff' },
};

type Props = {
  theme: ThemeMode;
  name: string;
  logo: string | null;
  /** Valid `#rrggbb` colours (the saved ones while the typed value is not). */
  primary: string;
  secondary: string;
};

/** A small app bar in the primary colour with the logo or the name, and a button in the secondary colour. */
export function BrandingPreview({ theme, name, logo, primary, secondary }: Props) {
  const { t } = useTranslation('settings');
  const { palette } = useTheme();
  const surface = SURFACES[theme];
  return (
    <Box
      role="img"
      aria-label={t(`branding.preview.${theme}`)}
      data-testid={BRANDING_IDS.preview}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        bgcolor: surface.background,
      }}
    >
      <Box
        data-testid={BRANDING_IDS.previewBar}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          minHeight: 48,
          px: 1.5,
          py: 0.5,
          bgcolor: primary,
          color: palette.getContrastText(primary),
        }}
      >
        {logo ? (
          // On a plate, as in the app bar.
          <Box
            component="img"
            src={logo}
            alt=""
            sx={{
              height: 32,
              maxWidth: 96,
              p: 0.25,
              bgcolor: surface.background,
              borderRadius: 1,
              objectFit: 'contain',
              flexShrink: 0,
            }}
          />
        ) : null}
        <Typography component="span" variant="subtitle1" noWrap sx={{ fontWeight: 500, minWidth: 0 }}>
          {name}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', p: 1.5 }}>
        <Typography variant="body2" sx={{ color: surface.text, flex: '1 1 8rem', minWidth: 0 }}>
          {t('branding.previewText')}
        </Typography>
        <Button
          tabIndex={-1}
          aria-hidden
          disableRipple
          data-testid={BRANDING_IDS.previewButton}
          variant="contained"
          size="small"
          sx={{
            bgcolor: secondary,
            color: palette.getContrastText(secondary),
            pointerEvents: 'none',
            boxShadow: 'none',
          }}
        >
          {t('branding.previewButton')}
        </Button>
      </Box>
    </Box>
  );
}
