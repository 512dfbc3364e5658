import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { SignatureRequest } from '@portal/contracts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api';
import { useSnackbar } from '../../app/snackbars';
import { useAskMyCode, useRefuseAsMe, useSignAsMe } from './api';
import { SignaturePad } from './signature-pad';
import { requestPdf } from './signing-api';

const PdfPage = lazy(() => import('./pdf-page'));

/** Signing from one's account: the PDF with one's field, then draw or type, consent, sign. */
export function SignDialog({
  request,
  userId,
  codeRequired = false,
  onClose,
}: {
  request: SignatureRequest;
  userId: number;
  /** The portal asks members and client users for the mailed code too. */
  codeRequired?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('signatures');
  const { enqueueSnackbar } = useSnackbar();
  const sign = useSignAsMe(request.vendor_id);
  const refuse = useRefuseAsMe(request.vendor_id);
  const askCode = useAskMyCode(request.vendor_id);
  const [code, setCode] = useState('');
  const [blob, setBlob] = useState<Blob | null>(null);
  const me = request.signatories.find((s) => s.user_id === userId);
  const field = me?.fields[0];
  useEffect(() => {
    void requestPdf(request.vendor_id, request.id).then(setBlob, () => {});
  }, [request.vendor_id, request.id]);
  const done = (message: string) => {
    enqueueSnackbar(message, { variant: 'success' });
    onClose();
  };
  const failed = (error: unknown) =>
    isApiError(error) && enqueueSnackbar(error.message, { variant: 'error' });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{t('sign.title', { name: request.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          {blob && field && (
            <Suspense fallback={null}>
              <PdfPage
                blob={blob}
                page={field.page}
                width={520}
                overlays={[{ ...field, key: 'me', colour: '#1e88e5', label: t('sign.yourField') }]}
              />
            </Suspense>
          )}
          {codeRequired && (
            <Stack spacing={1} sx={{ width: '100%' }}>
              <Alert severity="info">{t('sign.codeNeeded')}</Alert>
              <Stack direction="row" spacing={1}>
                <Button
                  disabled={askCode.isPending}
                  onClick={() =>
                    askCode
                      .mutateAsync(request.id)
                      .then(() => enqueueSnackbar(t('sign.codeSent'), { variant: 'success' }), failed)
                  }
                  data-testid="sign-ask-code"
                >
                  {t('sign.sendCode')}
                </Button>
                <TextField
                  size="small"
                  label={t('sign.code')}
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                  slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'sign-code' } }}
                />
              </Stack>
            </Stack>
          )}
          <Stack sx={{ width: '100%' }}>
            <SignaturePad
              defaultName={me ? `${me.firstname} ${me.lastname}` : ''}
              busy={sign.isPending || refuse.isPending}
              onSign={(mark) =>
                sign
                  .mutateAsync({
                    id: request.id,
                    body: { consent: true, signature: mark, ...(codeRequired ? { otp: code } : {}) },
                  })
                  .then(() => done(t('sign.done')), failed)
              }
              onRefuse={(reason) =>
                refuse.mutateAsync({ id: request.id, reason }).then(() => done(t('sign.refused')), failed)
              }
            />
          </Stack>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
