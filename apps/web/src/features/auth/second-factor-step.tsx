import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SessionTokens } from '@portal/contracts';
import type { LoginMfaAnswer, MfaChallenge, TotpEnrolment } from '@portal/contracts/auth/two-factor';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import { PlainTextField } from '../../components/form/plain-text-field';
import { RecoveryCodesList } from '../../components/recovery-codes-list';
import { useLoginEnrolment, useLoginMfa } from './api';

type Props = {
  challenge: MfaChallenge;
  /** The session, once the second factor is given (and the recovery codes acknowledged). */
  onSignedIn: (tokens: SessionTokens) => void;
  onCancel: () => void;
};

/**
 * The sign-in's second step (loaded only when the password asks for it): a code of the
 * authenticator app or a recovery code; or, when the portal requires a second factor the person
 * has not set up, the enrolment first (QR code, secret, first code), then the recovery codes.
 */
export function SecondFactorStep({ challenge, onSignedIn, onCancel }: Props) {
  const { t } = useTranslation('auth');
  const verify = useLoginMfa();
  const startEnrolment = useLoginEnrolment();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [done, setDone] = useState<LoginMfaAnswer | null>(null);

  const { mutate: enrol } = startEnrolment;
  useEffect(() => {
    if (challenge.mfa_enrolment)
      enrol(challenge.mfa_token, {
        onSuccess: setEnrolment,
        onError: (e) => setError(isApiError(e) ? e.message : t('errors:server-error')),
      });
  }, [challenge, enrol, t]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return setError(t('mfa.required'));
    setError(null);
    try {
      const answer = await verify.mutateAsync({
        mfa_token: challenge.mfa_token,
        ...(useRecovery ? { recovery_code: value.trim() } : { code: value.replace(/\s/g, '') }),
      });
      if (answer.recovery_codes) setDone(answer);
      else onSignedIn(answer);
    } catch (e) {
      setError(isApiError(e) ? e.message : t('errors:server-error'));
    }
  };

  if (done?.recovery_codes)
    return (
      <Stack spacing={2} data-testid="mfa-recovery-codes">
        <Typography variant="h4" component="h1">
          {t('mfa.recoveryTitle')}
        </Typography>
        <RecoveryCodesList codes={done.recovery_codes} />
        <Button variant="contained" size="large" onClick={() => onSignedIn(done)} data-testid="mfa-continue">
          {t('mfa.continue')}
        </Button>
      </Stack>
    );

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={1} data-testid="mfa-step">
      <Typography variant="h4" component="h1">
        {challenge.mfa_enrolment ? t('mfa.enrolTitle') : t('mfa.title')}
      </Typography>
      {challenge.mfa_enrolment ? (
        <>
          <Typography color="text.secondary">{t('mfa.enrolIntro')}</Typography>
          {enrolment ? (
            <Stack spacing={1} sx={{ alignItems: 'center' }}>
              <img src={enrolment.qr_code} alt={t('mfa.qrAlt')} width={200} height={200} />
              <Typography
                variant="body2"
                sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
                data-testid="mfa-secret"
              >
                {enrolment.secret}
              </Typography>
            </Stack>
          ) : null}
        </>
      ) : (
        <Typography color="text.secondary">
          {useRecovery ? t('mfa.recoveryIntro') : t('mfa.intro')}
        </Typography>
      )}
      {error ? (
        <Alert severity="error" role="alert" data-testid="mfa-error">
          {error}
        </Alert>
      ) : null}
      <PlainTextField
        name={useRecovery ? 'recovery_code' : 'code'}
        label={useRecovery ? t('mfa.recoveryCode') : t('mfa.code')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        autoComplete="one-time-code"
        autoFocus
        inputProps={useRecovery ? {} : { inputMode: 'numeric', maxLength: 7 }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={verify.isPending}
        data-testid="mfa-submit"
      >
        {t('mfa.submit')}
      </Button>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Button onClick={onCancel}>{t('mfa.cancel')}</Button>
        {challenge.mfa_enrolment ? null : (
          <Button
            onClick={() => {
              setUseRecovery(!useRecovery);
              setValue('');
              setError(null);
            }}
            data-testid="mfa-toggle-recovery"
          >
            {useRecovery ? t('mfa.useCode') : t('mfa.useRecovery')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
