import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { VersionSignatures } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useDocumentSignatures } from './api';

/** The version's entry, or the latest version's when `versionId` is null. */
function entryOf(all: VersionSignatures[] | undefined, versionId: number | null) {
  if (!all?.length) return undefined;
  if (versionId !== null) return all.find((v) => v.version_id === versionId);
  return all.reduce((a, b) => (b.version_id > a.version_id ? b : a));
}

function useSignerLines(entry: VersionSignatures | undefined) {
  const { t, i18n } = useTranslation('documents');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (entry?.signatures ?? []).map((s) => {
    const at = s.timestamped_at ?? s.signed_at;
    const ok = s.digest_valid && s.signature_valid && (!s.timestamped || s.timestamp_valid);
    return t('versionSignatures.line', {
      name: s.signer_name ?? s.certificate_subject,
      date: at ? date.format(new Date(at)) : '?',
      state: t(ok ? 'versionSignatures.ok' : 'versionSignatures.broken'),
      stamped: s.timestamped ? t('versionSignatures.stamped') : '',
    }).trim();
  });
}

/** A chip saying a version is signed and whether it verifies; its tooltip names the signers. */
export function SignaturesChip(props: { vendorId: number; documentId: number; versionId: number | null }) {
  const { t } = useTranslation('documents');
  const signatures = useDocumentSignatures(props.vendorId, props.documentId);
  const entry = entryOf(signatures.data, props.versionId);
  const lines = useSignerLines(entry);
  if (!entry || entry.signatures.length === 0) return null;
  const label = t(entry.valid ? 'versionSignatures.valid' : 'versionSignatures.invalid', {
    count: entry.signatures.length,
  });
  return (
    <Tooltip title={lines.join(' · ')}>
      <Chip
        size="small"
        icon={entry.valid ? <VerifiedUser /> : <ErrorOutline />}
        color={entry.valid ? 'success' : 'error'}
        label={label}
        aria-label={`${label}: ${lines.join(', ')}`}
        data-testid="signatures-chip"
      />
    </Tooltip>
  );
}

/** The signers of a version, one line each (the versions list). */
export function VersionSigners(props: { vendorId: number; documentId: number; versionId: number }) {
  const signatures = useDocumentSignatures(props.vendorId, props.documentId);
  const lines = useSignerLines(entryOf(signatures.data, props.versionId));
  if (lines.length === 0) return null;
  return (
    <Typography component="span" variant="caption" sx={{ display: 'block' }} data-testid="version-signers">
      {lines.join(' · ')}
    </Typography>
  );
}
