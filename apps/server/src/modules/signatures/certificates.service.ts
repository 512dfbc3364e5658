import { X509Certificate } from 'node:crypto';
import type { SigningCertificate, SigningCertificates } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { secretBox } from '../../platform/auth/secret-box';
import type { Actor } from '../../platform/auth/sessions';
import { AppError, fieldError } from '../../platform/errors/app-error';
import * as certificates from './certificates.repository';
import type { SigningKey } from './pades/cades';
import { generateCertificate } from './pades/certificate';
import { readPkcs12 } from './pades/pkcs12';
import { fetchTimeStamp } from './pades/tsa';
import * as repo from './signatures.repository';

const box = (ctx: AppContext) => secretBox(ctx.config.totpEncryptionKey, 'signing-key');
const sealContext = (firmId: number) => `firm:${firmId}`;

/**
 * The portal's active signing key: generated on first need (RSA 3072, self-signed, 5 years), the
 * private key sealed with secret-box for this firm. Never returned by any route.
 */
export async function signingKeyOf(
  ctx: AppContext,
  firmId: number,
): Promise<SigningKey & { fingerprint: string }> {
  let row = await repo.activeCertificate(ctx.db, firmId);
  if (!row) {
    const portal = await repo.portal(ctx.db, firmId);
    const made = await generateCertificate(portal?.name ?? `Portal ${firmId}`);
    row = await ctx.db.transaction(async (tx) => {
      await repo.lockFirm(tx, firmId);
      const existing = await repo.activeCertificate(tx, firmId);
      if (existing) return existing;
      return repo.insertCertificate(tx, {
        accountingFirmId: firmId,
        source: 'generated',
        certificatePem: made.certificatePem,
        privateKeySealed: box(ctx).seal(made.privateKeyPem, sealContext(firmId)),
        subject: made.subject,
        fingerprint: made.fingerprint,
        notBefore: made.notBefore,
        notAfter: made.notAfter,
      });
    });
  }
  const tsa = ctx.config.SIGNATURE_TSA_URL;
  return {
    certificatePem: row.certificatePem,
    privateKeyPem: box(ctx).open(row.privateKeySealed, sealContext(firmId)),
    fingerprint: row.fingerprint,
    ...(tsa ? { timestamp: (value: Buffer) => fetchTimeStamp(tsa, value) } : {}),
  };
}

/** The public URL of a portal's current certificate (PEM), for the screens and the mails. */
export const pemPath = (firmId: number) => `/api/accounting-firms/${firmId}/signature-certificate.pem`;

function details(row: certificates.CertificateRow): SigningCertificate {
  const x509 = new X509Certificate(row.certificatePem);
  const key = x509.publicKey.asymmetricKeyDetails ?? {};
  const keyType =
    x509.publicKey.asymmetricKeyType === 'rsa'
      ? `rsa-${key.modulusLength}`
      : `${x509.publicKey.asymmetricKeyType}${key.namedCurve ? `-${key.namedCurve}` : ''}`;
  return {
    id: row.id,
    subject: x509.subject.replace(/\n/g, ', '),
    issuer: x509.issuer.replace(/\n/g, ', '),
    serial_number: x509.serialNumber.toLowerCase(),
    not_before: row.notBefore.toISOString(),
    not_after: row.notAfter.toISOString(),
    fingerprint_sha256: row.fingerprint,
    source: row.source,
    key_type: keyType,
    active: row.active,
    created_at: row.createdAt.toISOString(),
    retired_at: row.retiredAt?.toISOString() ?? null,
  };
}

/** The portal's current certificate and the earlier ones (public parts only). */
export async function listCertificates(
  ctx: AppContext,
  actor: Actor,
  firmId: number,
): Promise<SigningCertificates> {
  await ctx.access.authorize(actor, 'firm.read', { kind: 'firm', accountingFirmId: firmId });
  const rows = await certificates.certificatesOf(ctx.db, firmId);
  const current = rows.find((row) => row.active);
  return {
    current: current ? details(current) : null,
    earlier: rows.filter((row) => row !== current).map(details),
    pem_url: pemPath(firmId),
  };
}

/** The PEM of a portal's current certificate, or of an earlier one by fingerprint: public. */
export async function publicPem(ctx: AppContext, firmId: number, fingerprint?: string): Promise<string> {
  const row = fingerprint
    ? await certificates.certificateByFingerprint(ctx.db, firmId, fingerprint)
    : await repo.activeCertificate(ctx.db, firmId);
  if (!row) throw new AppError('not-found');
  return row.certificatePem;
}

/** Makes `made` the portal's active certificate, the former one kept for verification only. */
async function replaceActive(
  ctx: AppContext,
  firmId: number,
  made: {
    certificatePem: string;
    privateKeyPem: string;
    subject: string;
    fingerprint: string;
    notBefore: Date;
    notAfter: Date;
  },
  source: 'generated' | 'imported',
): Promise<SigningCertificate> {
  const row = await ctx.db.transaction(async (tx) => {
    await repo.lockFirm(tx, firmId);
    const now = new Date();
    await certificates.retireActive(tx, firmId, now);
    return repo.insertCertificate(tx, {
      accountingFirmId: firmId,
      source,
      certificatePem: made.certificatePem,
      privateKeySealed: box(ctx).seal(made.privateKeyPem, sealContext(firmId)),
      subject: made.subject,
      fingerprint: made.fingerprint,
      notBefore: made.notBefore,
      notAfter: made.notAfter,
    });
  });
  return details(row);
}

/** A new self-signed certificate for the portal (RSA 3072, 5 years); the former one only verifies. */
export async function regenerateCertificate(
  ctx: AppContext,
  actor: Actor,
  firmId: number,
): Promise<SigningCertificate> {
  await ctx.access.authorize(actor, 'signature.certificate', { kind: 'firm', accountingFirmId: firmId });
  const portal = await repo.portal(ctx.db, firmId);
  const made = await generateCertificate(portal?.name ?? `Portal ${firmId}`);
  return replaceActive(ctx, firmId, made, 'generated');
}

/**
 * Imports a PKCS#12 (the firm's own seal certificate) as the portal's active certificate. The
 * file is read only once the caller is known to be a firm administrator.
 */
export async function importCertificate(
  ctx: AppContext,
  actor: Actor,
  firmId: number,
  read: () => Promise<{ buffer: Buffer; fields: Record<string, string> }>,
): Promise<SigningCertificate> {
  await ctx.access.authorize(actor, 'signature.certificate', { kind: 'firm', accountingFirmId: firmId });
  const { buffer, fields } = await read();
  const password = fields.password ?? '';
  if (password.length > 1024) throw fieldError('validation-failed', 'password', 'invalid-value');
  const imported = readPkcs12(buffer, password);
  if ('problem' in imported) {
    const field = imported.problem === 'pkcs12-invalid-password' ? 'password' : 'file';
    throw fieldError(imported.problem, field);
  }
  return replaceActive(ctx, firmId, imported, 'imported');
}

/** The portal's active certificate, public part only (PEM), or null before its first signature. */
export async function certificatePem(ctx: AppContext, firmId: number): Promise<string | null> {
  return (await repo.activeCertificate(ctx.db, firmId))?.certificatePem ?? null;
}

/** The fingerprints of a portal's certificates: the current one and the earlier ones. */
export async function fingerprintsOf(
  ctx: AppContext,
  firmId: number,
): Promise<{ current: string | null; earlier: Set<string> }> {
  const rows = await certificates.certificatesOf(ctx.db, firmId);
  return {
    current: rows.find((row) => row.active)?.fingerprint ?? null,
    earlier: new Set(rows.filter((row) => !row.active).map((row) => row.fingerprint)),
  };
}
