import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals small secrets kept in the database (a person's TOTP secret) with AES-256-GCM under a key
 * derived from the configured one and a purpose, so one environment key serves several uses
 * without two of them sharing a key. Format: `v1.iv.ciphertext.tag`, base64url.
 */
export type SecretBox = { seal(plain: string): string; open(sealed: string): string };

export function secretBox(configuredKey: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', configuredKey, '', `portal ${purpose} v1`, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', ...[iv, data, cipher.getAuthTag()].map((b) => b.toString('base64url'))].join('.');
    },
    open(sealed) {
      const [version, iv, data, tag] = sealed.split('.');
      if (version !== 'v1' || !iv || !data || !tag) throw new Error('Unreadable sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
