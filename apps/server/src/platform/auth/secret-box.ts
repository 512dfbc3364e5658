import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals small secrets kept in the database (a person's TOTP secret, an SSO client secret) with
 * AES-256-GCM. Format: `v1.iv.ciphertext.tag`, base64url. `context` is authenticated additional
 * data: a value sealed for one context (a firm) does not open in another.
 */
export type SecretBox = {
  seal(plain: string, context?: string): string;
  /** Throws when the key or the context differ, or the value was tampered with. */
  open(sealed: string, context?: string): string;
};

/** A box on a 32-byte key. */
export function aesGcmBox(key: Buffer): SecretBox {
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      if (context !== undefined) cipher.setAAD(Buffer.from(context));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', ...[iv, data, cipher.getAuthTag()].map((b) => b.toString('base64url'))].join('.');
    },
    open(sealed, context) {
      const [version, iv, data, tag] = sealed.split('.');
      if (version !== 'v1' || !iv || !data || !tag) throw new Error('Unreadable sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      if (context !== undefined) decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/**
 * A box under a key derived from the configured one and a purpose, so one environment key serves
 * several uses without two of them sharing a key.
 */
export function secretBox(configuredKey: string, purpose: string): SecretBox {
  return aesGcmBox(Buffer.from(hkdfSync('sha256', configuredKey, '', `portal ${purpose} v1`, 32)));
}
