import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createPasswordRequestSchema } from '../auth';
import { INT4_MAX } from '../limits';
import { idParam } from './ids';
import { isValidSiren, isValidSiret, luhnCheckDigit, luhnValid } from './luhn';
import { password } from './password';
import { colour, email, text } from './text';

/** The message keys of a failed parse, by dotted path. */
function issues(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

describe('SIREN and SIRET (Luhn)', () => {
  it('accepts known valid numbers', () => {
    expect(isValidSiren('732829320')).toBe(true);
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiren('552100554')).toBe(true);
    expect(isValidSiret('55210055400013')).toBe(true);
    // La Poste uses a digit sum rule.
    expect(isValidSiret('35600000000048')).toBe(true);
    expect(isValidSiret('35600000049837')).toBe(true);
  });

  it('refuses a wrong key', () => {
    expect(isValidSiren('732829321')).toBe(false);
    expect(isValidSiren('732829329')).toBe(false);
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(isValidSiret('73282932000070')).toBe(false);
  });

  it('refuses wrong lengths and non-digits', () => {
    for (const v of ['', '73282932', '7328293200', '0732829320', '73282932a', ' 732829320', '732 829 320']) {
      expect(isValidSiren(v)).toBe(false);
    }
    for (const v of ['', '7328293200007', '732829320000740', '7328293200007a', '73282932000074 ']) {
      expect(isValidSiret(v)).toBe(false);
    }
    expect(luhnValid('')).toBe(false);
    expect(luhnValid('12-3')).toBe(false);
  });

  it('luhnCheckDigit makes a valid number, and any other last digit an invalid one', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{8}$/), fc.integer({ min: 1, max: 9 }), (body, shift) => {
        const key = luhnCheckDigit(body);
        expect(isValidSiren(body + key)).toBe(true);
        const wrong = (Number(key) + shift) % 10;
        expect(isValidSiren(body + wrong)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^\d{13}$/), (body) => {
        fc.pre(!body.startsWith('356000000'));
        expect(isValidSiret(body + luhnCheckDigit(body))).toBe(true);
      }),
    );
  });
});

describe('colour', () => {
  it('normalises to lowercase #rrggbb', () => {
    expect(colour().parse('ABCDEF')).toBe('#abcdef');
    expect(colour().parse('#ABCDEF')).toBe('#abcdef');
    expect(colour().parse('#2e7d32')).toBe('#2e7d32');
    expect(colour().parse('0d2B4e')).toBe('#0d2b4e');
  });

  it("refuses anything else with 'invalid-color'", () => {
    for (const bad of ['', '#abc', 'abc', '#abcdeg', '##abcdef', 'abcdef0', ' #abcdef', 'red', '#abcdef ']) {
      expect(issues(colour(), bad)).toEqual({ '': ['invalid-color'] });
    }
  });
});

describe('text, email, password', () => {
  it("text() refuses a NUL byte with 'nul-byte' and a long string with 'too-long'", () => {
    expect(issues(text(), 'a\u0000b')).toEqual({ '': ['nul-byte'] });
    expect(issues(text(5), 'abcdef')).toEqual({ '': ['too-long'] });
    expect(text(5).parse('abcde')).toBe('abcde');
  });

  it('email() trims and lower-cases, and refuses a bad address', () => {
    expect(email().parse('  Expert@Demo.TEST ')).toBe('expert@demo.test');
    expect(issues(email(), 'not-an-email')).toEqual({ '': ['invalid-email'] });
    expect(issues(email(), '')).toEqual({ '': ['required'] });
    expect(issues(email(), undefined)).toEqual({ '': ['required'] });
  });

  it("password() needs 8 characters ('password-too-short') and refuses NUL", () => {
    expect(issues(password(), '1234567')).toEqual({ '': ['password-too-short'] });
    expect(password().parse('12345678')).toBe('12345678');
    expect(issues(password(), '')).toMatchObject({ '': expect.arrayContaining(['required']) });
    expect(issues(password(), 'abcdefgh\u0000')).toEqual({ '': ['nul-byte'] });
  });
});

describe('createPasswordRequestSchema', () => {
  const valid = { token: 't0ken', password: 'Secret-123', password_confirmation: 'Secret-123', cgu: true };

  it('accepts a complete request', () => {
    expect(createPasswordRequestSchema.parse(valid)).toEqual(valid);
  });

  it("refuses terms not accepted with 'terms-not-accepted'", () => {
    expect(issues(createPasswordRequestSchema, { ...valid, cgu: false })).toEqual({
      cgu: ['terms-not-accepted'],
    });
    expect(issues(createPasswordRequestSchema, { ...valid, cgu: undefined })).toEqual({
      cgu: ['terms-not-accepted'],
    });
  });

  it("refuses a mismatched confirmation on password_confirmation with 'password-confirmation-mismatch'", () => {
    expect(issues(createPasswordRequestSchema, { ...valid, password_confirmation: 'Secret-124' })).toEqual({
      password_confirmation: ['password-confirmation-mismatch'],
    });
  });
});

describe('idParam', () => {
  const schema = idParam('vendor');

  it('accepts decimal ids within int4', () => {
    expect(schema.parse('42')).toBe(42);
    expect(schema.parse('1')).toBe(1);
    expect(schema.parse(String(INT4_MAX))).toBe(INT4_MAX);
  });

  it("refuses 0, 2^31, negatives, decimals and non-numbers with 'invalid-id'", () => {
    for (const bad of ['0', String(2 ** 31), '-1', '1.5', 'abc', '99999999999', '']) {
      const found = issues(schema, bad);
      expect(found[''], bad).toBeDefined();
      expect(
        found['']!.every((m) => m === 'invalid-id'),
        bad,
      ).toBe(true);
    }
  });

  it('reads digits only: no exponent, radix prefix, sign, space, separator or leading zero', () => {
    for (const bad of [
      '1e0',
      '1E0',
      '0x1',
      '0X1',
      '0b1',
      '0o1',
      '+1',
      ' 1',
      '1 ',
      '1.0',
      '1_0',
      '007',
      '01',
      '1e3',
    ]) {
      expect(schema.safeParse(bad).success, bad).toBe(false);
      expect(issues(schema, bad)[''], bad).toEqual(['invalid-id']);
    }
  });
});
