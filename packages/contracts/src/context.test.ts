import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeContext, encodeContext } from './context';
import { INT4_MAX, MAX_COMPANY_NUMBER } from './limits';

const firmId = fc.integer({ min: 0, max: INT4_MAX });
const companyId = fc.integer({ min: 0, max: MAX_COMPANY_NUMBER - 1 });

describe('context codec', () => {
  it('round-trips every firm id and company id (company 0 means no company)', () => {
    fc.assert(
      fc.property(firmId, companyId, (firm, company) => {
        expect(decodeContext(encodeContext(firm, company))).toEqual({
          accountingFirmId: firm,
          vendorId: company === 0 ? null : company,
        });
      }),
    );
  });

  it('treats a null company like company 0', () => {
    fc.assert(
      fc.property(firmId, (firm) => {
        expect(encodeContext(firm, null)).toBe(encodeContext(firm, 0));
        expect(encodeContext(firm)).toBe(encodeContext(firm, 0));
        expect(decodeContext(encodeContext(firm))).toEqual({ accountingFirmId: firm, vendorId: null });
      }),
    );
  });

  it('writes lowercase hexadecimal', () => {
    fc.assert(
      fc.property(firmId, companyId, (firm, company) => {
        expect(encodeContext(firm, company)).toMatch(/^[0-9a-f]+$/);
      }),
    );
  });

  it('is injective: distinct pairs give distinct contexts', () => {
    fc.assert(
      fc.property(firmId, companyId, firmId, companyId, (f1, c1, f2, c2) => {
        fc.pre(f1 !== f2 || c1 !== c2);
        expect(encodeContext(f1, c1)).not.toBe(encodeContext(f2, c2));
      }),
    );
  });

  it('refuses a company of 1,000,000,000 or more, a negative one, or a non-integer', () => {
    fc.assert(
      fc.property(firmId, fc.integer({ min: MAX_COMPANY_NUMBER, max: Number.MAX_SAFE_INTEGER }), (f, c) => {
        expect(() => encodeContext(f, c)).toThrow(RangeError);
      }),
    );
    fc.assert(
      fc.property(firmId, fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -1 }), (f, c) => {
        expect(() => encodeContext(f, c)).toThrow(RangeError);
      }),
    );
    expect(() => encodeContext(1, 1.5)).toThrow(RangeError);
    expect(() => encodeContext(-1, 1)).toThrow(RangeError);
    expect(() => encodeContext(1.5, 1)).toThrow(RangeError);
  });

  it('decodes junk to null', () => {
    for (const junk of ['', null, undefined, 'xyz', '12g4', '-1', '0x10', ' 10', 'a'.repeat(17), '1.5']) {
      expect(decodeContext(junk)).toBeNull();
    }
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }).filter((s) => /[^0-9a-fA-F]/.test(s)),
        (s) => {
          expect(decodeContext(s)).toBeNull();
        },
      ),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{17,30}$/), (s) => {
        expect(decodeContext(s)).toBeNull();
      }),
    );
  });

  it('matches fixed examples', () => {
    expect(encodeContext(1, 2)).toBe((1e9 + 2).toString(16));
    expect(encodeContext(1, 2)).toBe('3b9aca02');
    expect(encodeContext(0, 0)).toBe('0');
    expect(encodeContext(1)).toBe('3b9aca00');
    expect(encodeContext(2, 999_999_999)).toBe((3e9 - 1).toString(16));
    expect(decodeContext('3b9aca02')).toEqual({ accountingFirmId: 1, vendorId: 2 });
    expect(decodeContext('3B9ACA02')).toEqual({ accountingFirmId: 1, vendorId: 2 });
    expect(decodeContext('3b9aca00')).toEqual({ accountingFirmId: 1, vendorId: null });
    expect(decodeContext('5')).toEqual({ accountingFirmId: 0, vendorId: 5 });
    // The largest int4 firm id stays exact (beyond 2^53 without BigInt).
    const big = encodeContext(INT4_MAX, MAX_COMPANY_NUMBER - 1);
    expect(decodeContext(big)).toEqual({ accountingFirmId: INT4_MAX, vendorId: MAX_COMPANY_NUMBER - 1 });
  });
});
