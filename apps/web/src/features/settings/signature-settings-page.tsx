import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AccountingFirmSummary, SigningCertificate } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../app/snackbars';
import { PageLoader } from '../../components/page-loader';
import { SignatureDefaultsSection } from '../signatures/settings/signature-defaults-section';
import {
  useImportCertificate,
  useRegenerateCertificate,
  useSignatureCertificates,
} from './signature-certificate-api';

/**
 * Settings → Signature électronique (firm administrators, issue 29): the portal's signing
 * certificate. The defaults (expiry, reminders, code for members) and the balance are another
 * panel, placed below the certificate.
 */
export function SignatureSettingsPage({ firm }: { firm: AccountingFirmSummary }) {
  const { t } = useTranslation('settings');
  if (!firm.is_accountant_admin) return <Alert severity="info">{t('signature.adminsOnly')}</Alert>;
  return (
    <Stack spacing={2} sx={{ maxWidth: 820 }} data-testid="signature-settings">
      <Typography variant="h5" component="h1">
        {t('signature.title')}
      </Typography>
      <CertificatePanel firmId={firm.id} />
      <SignatureDefaultsSection firmId={firm.id} />
    </Stack>
  );
}

function CertificatePanel({ firmId }: { firmId: number }) {
  const { t } = useTranslation('settings');
  const { enqueueSnackbar } = useSnackbar();
  const certificates = useSignatureCertificates(firmId);
  const regenerate = useRegenerateCertificate(firmId);
  const [importing, setImporting] = useState(false);
  const [confirming, setConfirming] = useState(false);

  if (certificates.isPending) return <PageLoader />;
  if (!certificates.data) return <Alert severity="error">{t('signature.loadError')}</Alert>;
  const { current, earlier, pem_url } = certificates.data;

  const generate = () =>
    regenerate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        enqueueSnackbar(t('signature.regenerated'), { variant: 'success' });
      },
    });

  return (
    <>
      <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid="signature-certificate">
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
              {t('signature.certificate')}
            </Typography>
            {current && (
              <Chip
                size="small"
                color={current.source === 'imported' ? 'primary' : 'default'}
                label={t(`signature.source.${current.source}`)}
                data-testid="certificate-source"
              />
            )}
          </Stack>
          {current ? (
            <CertificateDetails certificate={current} />
          ) : (
            <Alert severity="info" data-testid="certificate-none">
              {t('signature.none')}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {current && (
              <Button variant="outlined" href={pem_url} download data-testid="certificate-download">
                {t('signature.download')}
              </Button>
            )}
            <Button variant="outlined" onClick={() => setImporting(true)} data-testid="certificate-import">
              {t('signature.import')}
            </Button>
            {current ? (
              <Button
                color="warning"
                onClick={() => setConfirming(true)}
                data-testid="certificate-regenerate"
              >
                {t('signature.regenerate')}
              </Button>
            ) : (
              <Button
                variant="contained"
                onClick={generate}
                disabled={regenerate.isPending}
                data-testid="certificate-generate"
              >
                {t('signature.generate')}
              </Button>
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('signature.publicHelp')}
          </Typography>
        </Stack>
      </Paper>
      {earlier.length > 0 && (
        <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid="certificate-earlier">
          <Typography variant="h6" component="h2">
            {t('signature.earlier')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('signature.earlierHelp')}
          </Typography>
          <Stack divider={<Divider flexItem />} spacing={1}>
            {earlier.map((c) => (
              <EarlierCertificate key={c.id} certificate={c} pemUrl={pem_url} />
            ))}
          </Stack>
        </Paper>
      )}
      <ImportDialog firmId={firmId} open={importing} onClose={() => setImporting(false)} />
      <RegenerateDialog
        open={confirming}
        pending={regenerate.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={generate}
      />
    </>
  );
}

function useDate() {
  const { i18n } = useTranslation();
  return (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'long' });
}

function CertificateDetails({ certificate: c }: { certificate: SigningCertificate }) {
  const { t } = useTranslation('settings');
  const date = useDate();
  const rows: [string, string, string][] = [
    ['subject', t('signature.subject'), c.subject],
    ['issuer', t('signature.issuer'), c.issuer],
    ['serial', t('signature.serial'), c.serial_number],
    [
      'validity',
      t('signature.validity'),
      t('signature.validityRange', { from: date(c.not_before), to: date(c.not_after) }),
    ],
    ['key', t('signature.keyType'), c.key_type],
    ['fingerprint', t('signature.fingerprint'), c.fingerprint_sha256],
  ];
  return (
    <Stack component="dl" spacing={1} sx={{ m: 0 }}>
      {rows.map(([id, label, value]) => (
        <Stack key={id} direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
          <Typography
            component="dt"
            variant="body2"
            color="text.secondary"
            sx={{ width: { sm: 180 }, flexShrink: 0 }}
          >
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            data-testid={`certificate-${id}`}
            sx={{
              m: 0,
              overflowWrap: 'anywhere',
              fontFamily: id === 'fingerprint' || id === 'serial' ? 'monospace' : undefined,
            }}
          >
            {value}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

function EarlierCertificate({ certificate: c, pemUrl }: { certificate: SigningCertificate; pemUrl: string }) {
  const { t } = useTranslation('settings');
  const date = useDate();
  return (
    <Stack spacing={0.5} data-testid="certificate-earlier-item">
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {c.subject} · {t(`signature.source.${c.source}`)}
      </Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}
      >
        {c.fingerprint_sha256}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t('signature.validityRange', { from: date(c.not_before), to: date(c.not_after) })}
        {c.retired_at ? ` · ${t('signature.retired', { date: date(c.retired_at) })}` : ''} ·{' '}
        <Link href={`${pemUrl}?fingerprint=${c.fingerprint_sha256}`} download>
          PEM
        </Link>
      </Typography>
    </Stack>
  );
}

function ImportDialog({ firmId, open, onClose }: { firmId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const { enqueueSnackbar } = useSnackbar();
  const upload = useImportCertificate(firmId);
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const close = () => {
    setFile(null);
    setPassword('');
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    upload.mutate(
      { file, password },
      {
        onSuccess: () => {
          enqueueSnackbar(t('signature.imported'), { variant: 'success' });
          close();
        },
        onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
      },
    );
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <form onSubmit={submit} data-testid="certificate-import-form">
        <DialogTitle>{t('signature.importTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t('signature.importHelp')}
            </Typography>
            <Button variant="outlined" component="label">
              {file ? file.name : t('signature.chooseFile')}
              <input
                hidden
                type="file"
                accept=".p12,.pfx,application/x-pkcs12"
                data-testid="certificate-file"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            </Button>
            <TextField
              type="password"
              label={t('signature.password')}
              value={password}
              autoComplete="off"
              onChange={(e) => setPassword(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'certificate-password', maxLength: 1024 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('signature.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!file || upload.isPending}
            startIcon={upload.isPending ? <CircularProgress size={16} /> : undefined}
            data-testid="certificate-import-submit"
          >
            {t('signature.importSubmit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function RegenerateDialog(props: {
  open: boolean;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('settings');
  const [typed, setTyped] = useState('');
  const word = t('signature.confirmWord');
  const close = () => {
    setTyped('');
    props.onClose();
  };
  return (
    <Dialog open={props.open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{t('signature.regenerateTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">{t('signature.regenerateHelp')}</Typography>
          <TextField
            label={t('signature.confirmLabel', { word })}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'certificate-confirm-word' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('signature.cancel')}</Button>
        <Button
          color="warning"
          variant="contained"
          disabled={typed.trim().toUpperCase() !== word.toUpperCase() || props.pending}
          onClick={() => {
            setTyped('');
            props.onConfirm();
          }}
          data-testid="certificate-regenerate-confirm"
        >
          {t('signature.regenerate')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
