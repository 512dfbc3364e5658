import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LOGO_ACCEPT } from './branding-form';
import { BRANDING_IDS } from './branding-test-ids';

type Props = {
  /** The logo shown (URL or data URL), null when none. */
  logo: string | null;
  disabled: boolean;
  /** An error text (already translated), else null. */
  error: string | null;
  onChoose: (file: File) => void;
  onRemove: () => void;
};

/** The logo: its preview, "choose a logo" (a hidden file input) and "remove the logo". */
export function BrandingLogoField({ logo, disabled, error, onChoose, onRemove }: Props) {
  const { t } = useTranslation('settings');
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      <Typography variant="subtitle2" component="h3">
        {t('branding.logo')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            width: 144,
            height: 64,
            flexShrink: 0,
            p: 1,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'background.default',
          }}
        >
          {logo ? (
            <Box
              component="img"
              src={logo}
              alt={t('branding.logoAlt')}
              data-testid={BRANDING_IDS.logo}
              sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
            />
          ) : (
            <Typography variant="caption" color="text.secondary" data-testid={BRANDING_IDS.noLogo}>
              {t('branding.noLogo')}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            component="label"
            variant="outlined"
            size="small"
            startIcon={<UploadFileIcon />}
            disabled={disabled}
          >
            {t('branding.chooseLogo')}
            <input
              type="file"
              hidden
              accept={LOGO_ACCEPT}
              disabled={disabled}
              data-testid={BRANDING_IDS.logoInput}
              onChange={(e) => {
                const file = e.target.files?.[0];
                // Choosing the same file again must fire again.
                e.target.value = '';
                if (file) onChoose(file);
              }}
            />
          </Button>
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutlineIcon />}
            disabled={disabled || !logo}
            onClick={onRemove}
            data-testid={BRANDING_IDS.logoRemove}
          >
            {t('branding.removeLogo')}
          </Button>
        </Stack>
      </Stack>
      {error ? (
        <Typography variant="caption" color="error" role="alert" data-testid={BRANDING_IDS.logoError}>
          {error}
        </Typography>
      ) : (
        <Typography variant="caption" color="text.secondary">
          {t('branding.logoHelp')}
        </Typography>
      )}
    </Stack>
  );
}
