import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../api';
import { SignaturePad } from './signature-pad';
import { type SigningLink, type SigningSession, signing } from './signing-api';

const PdfPage = lazy(() => import('./pdf-page'));
const describe = (e: unknown) => (isApiError(e) ? e.message : String(e));

/**
 * `/sign/{token}`: an outsider's signing page, outside the app's frame and at any width. Nothing of
 * the document shows before the mailed code; then the PDF with their field, draw or type, sign.
 */
export function SignPage() {
  const { t } = useTranslation('signatures');
  const { token = '' } = useParams();
  const [link, setLink] = useState<SigningLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const [access, setAccess] = useState<string | null>(null);
  const [session, setSession] = useState<SigningSession | null>(null);
  const [blob, setBlob] = useState<Blob | null>(null);
  const [outcome, setOutcome] = useState<'signed' | 'refused' | null>(null);
  const [busy, setBusy] = useState(false);
  const fail = (e: unknown) => setError(describe(e));

  useEffect(() => {
    signing.link(token).then(setLink, (e) => setError(describe(e)));
  }, [token]);
  useEffect(() => {
    if (!access) return;
    signing.session(token, access).then(setSession, (e) => setError(describe(e)));
    signing.document(token, access).then(setBlob, (e) => setError(describe(e)));
  }, [token, access]);

  const step = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  const field = session?.fields[0];

  return (
    <Stack sx={{ alignItems: 'center', p: 2 }}>
      <Paper sx={{ p: 3, width: '100%', maxWidth: 760 }}>
        <Stack spacing={2}>
          {link && (
            <>
              <Typography variant="overline">{link.portal.name}</Typography>
              <Typography variant="h5" data-testid="signing-title">
                {link.name}
              </Typography>
            </>
          )}
          {error && <Alert severity="error">{error}</Alert>}
          {outcome && (
            <Alert severity="success">{t(outcome === 'signed' ? 'sign.done' : 'sign.refused')}</Alert>
          )}
          {link && !outcome && !link.signatory.can_sign && (
            <Alert severity="info">{t('sign.notYourTurn')}</Alert>
          )}
          {link && !outcome && link.signatory.can_sign && !access && (
            <Stack spacing={2}>
              <Typography>
                {t('sign.hello', { name: `${link.signatory.firstname} ${link.signatory.lastname}` })}
              </Typography>
              <Button
                variant={codeSent ? 'outlined' : 'contained'}
                disabled={busy}
                onClick={() =>
                  void step(async () => {
                    await signing.askCode(token);
                    setCodeSent(true);
                  })
                }
              >
                {t(codeSent ? 'sign.resendCode' : 'sign.sendCode')}
              </Button>
              {codeSent && (
                <Stack direction="row" spacing={1}>
                  <TextField
                    label={t('sign.code')}
                    value={code}
                    onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                    slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code' } }}
                  />
                  <Button
                    variant="contained"
                    disabled={code.length !== 6 || busy}
                    onClick={() =>
                      void step(async () => {
                        setAccess((await signing.verify(token, code)).access_token);
                      })
                    }
                  >
                    {t('sign.checkCode')}
                  </Button>
                </Stack>
              )}
            </Stack>
          )}
          {access && session && !outcome && (
            <>
              {blob && field && (
                <Stack sx={{ alignItems: 'center' }}>
                  <Suspense fallback={null}>
                    <PdfPage
                      blob={blob}
                      page={field.page}
                      width={Math.min(680, window.innerWidth - 64)}
                      overlays={[{ ...field, key: 'me', colour: '#1e88e5', label: t('sign.yourField') }]}
                    />
                  </Suspense>
                </Stack>
              )}
              <SignaturePad
                defaultName={`${session.signatory.firstname} ${session.signatory.lastname}`}
                busy={busy}
                onSign={(mark) =>
                  void step(async () => {
                    await signing.sign(token, access, { consent: true, signature: mark });
                    setOutcome('signed');
                  })
                }
                onRefuse={(reason) =>
                  void step(async () => {
                    await signing.refuse(token, access, reason);
                    setOutcome('refused');
                  })
                }
              />
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
