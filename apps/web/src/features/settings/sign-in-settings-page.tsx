import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AccountingFirmSummary } from '@portal/contracts';
import type { MfaRule } from '@portal/contracts/auth/two-factor';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { PageLoader } from '../../components/page-loader';
import { useSaveSignInSettings, useSignInSettings } from './api';

const RULES: MfaRule[] = ['optional', 'administrators', 'team'];

/** Sign-in of the portal (administrators): who must use a second factor, and sign-in links. */
export function SignInSettingsPage({ firm }: { firm: AccountingFirmSummary }) {
  const { t } = useTranslation('settings');
  const { enqueueSnackbar } = useSnackbar();
  const settings = useSignInSettings(firm.id);
  const save = useSaveSignInSettings(firm.id);

  if (settings.isPending) return <PageLoader />;
  if (!settings.data) return <Alert severity="info">{t('signIn.adminsOnly')}</Alert>;

  const saved = () => enqueueSnackbar(t('signIn.saved'), { variant: 'success' });
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }} data-testid="sign-in-settings">
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {t('signIn.title')}
        </Typography>
        <TextField
          select
          label={t('signIn.mfaRule')}
          value={settings.data.mfa_rule}
          onChange={(e) => save.mutate({ mfa_rule: e.target.value as MfaRule }, { onSuccess: saved })}
          helperText={t('signIn.mfaRuleHelp')}
          slotProps={{ htmlInput: { 'data-testid': 'mfa-rule' } }}
        >
          {RULES.map((rule) => (
            <MenuItem key={rule} value={rule}>
              {t(`signIn.rules.${rule}`)}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Switch
              checked={settings.data.magic_links}
              onChange={(e) => save.mutate({ magic_links: e.target.checked }, { onSuccess: saved })}
              slotProps={{ input: { 'data-testid': 'magic-links-switch' } as object }}
            />
          }
          label={t('signIn.magicLinks')}
        />
        <Typography color="text.secondary" variant="body2">
          {t('signIn.magicLinksHelp')}
        </Typography>
      </Stack>
    </Paper>
  );
}
