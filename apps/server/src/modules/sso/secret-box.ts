import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM of a provider's client secret under the server's SSO key, bound to its firm
 * (additional data): `v1.iv.ciphertext.tag`, base64url. A row copied to another firm does not open.
 */
export function sealSecret(key: Buffer, accountingFirmId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`identity-provider:${accountingFirmId}`));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', ...[iv, data, cipher.getAuthTag()].map((part) => part.toString('base64url'))].join('.');
}

/** The secret, or null when the key or the firm differ (or the value was tampered with). */
export function openSecret(key: Buffer, accountingFirmId: number, sealed: string): string | null {
  try {
    const [version, iv, data, tag] = sealed.split('.');
    if (version !== 'v1' || !iv || !data || !tag) return null;
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`identity-provider:${accountingFirmId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
