import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact';

describe('redactUrl', () => {
  it('hides token values in query strings and keeps the rest', () => {
    expect(redactUrl('/api/autologin?refresh_token=abc&x=1')).toBe(
      '/api/autologin?refresh_token=[redacted]&x=1',
    );
    expect(redactUrl('/api/password-resets?token=s3cr3t')).toBe('/api/password-resets?token=[redacted]');
    expect(redactUrl('/api/vendors?search=token')).toBe('/api/vendors?search=token');
  });
});
