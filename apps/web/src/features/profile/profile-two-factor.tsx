import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TotpEnrolment } from '@portal/contracts/auth/two-factor';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import { useSnackbar } from '../../app/snackbars';
import { RecoveryCodesList } from '../../components/recovery-codes-list';
import { useTotpActions, useTotpStatus } from './api';

/**
 * Two-factor sign-in in the profile: turn it on (QR code and secret, confirmed by a first code,
 * then the recovery codes, shown once), new recovery codes, turn it off (each for a fresh code).
 */
export function ProfileTwoFactor() {
  const { t } = useTranslation('profile');
  const { enqueueSnackbar } = useSnackbar();
  const status = useTotpStatus();
  const actions = useTotpActions();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const enabled = status.data?.enabled ?? false;

  const run = async <T,>(action: () => Promise<T>, then: (result: T) => void) => {
    setError(null);
    try {
      then(await action());
      setCode('');
    } catch (e) {
      setError(isApiError(e) ? e.message : t('errors:server-error'));
    }
  };
  const codeField = (
    <TextField
      label={t('twoFactor.code')}
      value={code}
      onChange={(e) => setCode(e.target.value)}
      autoComplete="one-time-code"
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7, 'data-testid': 'totp-code' } }}
      size="small"
    />
  );

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560, mt: 3 }} data-testid="profile-two-factor">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h2">
          {t('twoFactor.title')}
        </Typography>
        {status.data ? (
          <Chip
            size="small"
            color={enabled ? 'success' : 'default'}
            label={enabled ? t('twoFactor.on') : t('twoFactor.off')}
            data-testid="totp-state"
          />
        ) : null}
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {enabled
          ? t('twoFactor.onIntro', { count: status.data?.recovery_codes_left ?? 0 })
          : status.data?.required
            ? t('twoFactor.requiredIntro')
            : t('twoFactor.offIntro')}
      </Typography>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="totp-error">
          {error}
        </Alert>
      ) : null}
      {codes ? (
        <Stack spacing={2}>
          <RecoveryCodesList codes={codes} />
          <Button variant="contained" onClick={() => setCodes(null)} data-testid="totp-codes-done">
            {t('twoFactor.codesSaved')}
          </Button>
        </Stack>
      ) : enabled ? (
        <Stack spacing={2}>
          <Typography>{t('twoFactor.needCode')}</Typography>
          {codeField}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button
              variant="outlined"
              onClick={() =>
                run(
                  () => actions.regenerate.mutateAsync(code.replace(/\s/g, '')),
                  (r) => setCodes(r.recovery_codes),
                )
              }
              data-testid="totp-regenerate"
            >
              {t('twoFactor.regenerate')}
            </Button>
            <Button
              color="error"
              onClick={() =>
                run(
                  () => actions.disable.mutateAsync(code.replace(/\s/g, '')),
                  () => enqueueSnackbar(t('twoFactor.disabled'), { variant: 'success' }),
                )
              }
              data-testid="totp-disable"
            >
              {t('twoFactor.disable')}
            </Button>
          </Stack>
        </Stack>
      ) : enrolment ? (
        <Stack spacing={2}>
          <Typography>{t('twoFactor.scan')}</Typography>
          <img src={enrolment.qr_code} alt={t('twoFactor.qrAlt')} width={200} height={200} />
          <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {t('twoFactor.secret')} <span data-testid="totp-secret">{enrolment.secret}</span>
          </Typography>
          {codeField}
          <Button
            variant="contained"
            onClick={() =>
              run(
                () => actions.confirm.mutateAsync(code.replace(/\s/g, '')),
                (r) => {
                  setEnrolment(null);
                  setCodes(r.recovery_codes);
                  enqueueSnackbar(t('twoFactor.enabled'), { variant: 'success' });
                },
              )
            }
            data-testid="totp-confirm"
          >
            {t('twoFactor.confirm')}
          </Button>
        </Stack>
      ) : (
        <Button
          variant="contained"
          disabled={!status.data}
          onClick={() => run(() => actions.start.mutateAsync(), setEnrolment)}
          data-testid="totp-enable"
        >
          {t('twoFactor.enable')}
        </Button>
      )}
    </Paper>
  );
}
