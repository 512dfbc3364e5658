import type { AppContext } from '../../app-context';
import { secretBox } from '../../platform/auth/secret-box';
import type { SigningKey } from './pades/cades';
import { generateCertificate } from './pades/certificate';
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
  return {
    certificatePem: row.certificatePem,
    privateKeyPem: box(ctx).open(row.privateKeySealed, sealContext(firmId)),
    fingerprint: row.fingerprint,
  };
}

/** The portal's active certificate, public part only (PEM), or null before its first signature. */
export async function certificatePem(ctx: AppContext, firmId: number): Promise<string | null> {
  return (await repo.activeCertificate(ctx.db, firmId))?.certificatePem ?? null;
}
