import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { openSecret, sealSecret } from './secret-box';

describe('secret box', () => {
  const key = randomBytes(32);

  it('opens what it sealed, for the same firm and key only', () => {
    const sealed = sealSecret(key, 7, 'client secret');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('client secret');
    expect(openSecret(key, 7, sealed)).toBe('client secret');
    expect(openSecret(key, 8, sealed)).toBeNull();
    expect(openSecret(randomBytes(32), 7, sealed)).toBeNull();
    const [v, iv, data, tag] = sealed.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0]! ^= 1;
    expect(openSecret(key, 7, [v, iv, flipped.toString('base64url'), tag].join('.'))).toBeNull();
    expect(openSecret(key, 7, 'garbage')).toBeNull();
  });
});

describe('SSO configuration', () => {
  it('uses a development key outside production, none in production without SSO_SECRET_KEY', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).ssoKey).toHaveLength(32);
    expect(loadConfig({ NODE_ENV: 'production' }).ssoKey).toBeNull();
    const hex = randomBytes(32).toString('hex');
    expect(loadConfig({ SSO_SECRET_KEY: hex }).ssoKey?.toString('hex')).toBe(hex);
    const b64 = randomBytes(32).toString('base64');
    expect(loadConfig({ SSO_SECRET_KEY: b64 }).ssoKey?.toString('base64')).toBe(b64);
    expect(() => loadConfig({ SSO_SECRET_KEY: 'short' })).toThrow(/SSO_SECRET_KEY/);
  });

  it('allows insecure issuers only outside production', () => {
    expect(
      loadConfig({ NODE_ENV: 'development', SSO_ALLOW_INSECURE_ISSUERS: 'true' }).SSO_ALLOW_INSECURE_ISSUERS,
    ).toBe(true);
    expect(() => loadConfig({ SSO_ALLOW_INSECURE_ISSUERS: 'true' })).toThrow(/not allowed in production/);
  });
});
