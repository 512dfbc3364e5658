import { describe, expect, it } from 'vitest';
import { issuesByField, serverFieldErrors } from './field-errors';

describe('field errors', () => {
  it('keep the first message of each field of a failed parse', () => {
    expect(
      issuesByField([
        { path: ['admin', 'email'], message: 'invalid-email' },
        { path: ['admin', 'email'], message: 'required' },
        { path: [], message: 'too-many' },
      ]),
    ).toEqual({ 'admin.email': 'invalid-email', root: 'too-many' });
  });

  it('read the field errors of a 422 answer', () => {
    expect(
      serverFieldErrors({
        status: 422,
        body: { errors: { iban: ['IBAN invalide.', 'x'], 'body.bic': ['BIC'] } },
      }),
    ).toEqual({ iban: 'IBAN invalide.', bic: 'BIC' });
    expect(serverFieldErrors({ status: 500, body: null })).toBeNull();
    expect(serverFieldErrors(new Error('x'))).toBeNull();
  });
});
