import { LOGO_MAX_BYTES, type WhiteLabel } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  base64OfDataUrl,
  brandingFormSchema,
  brandingValuesOf,
  hexColour,
  LOGO_ACCEPT,
  logoPayload,
  logoProblem,
  shownLogo,
} from './branding-form';

const label: WhiteLabel = {
  accounting_firm_id: 1,
  theme: 'dark',
  name: 'Cabinet Démo',
  logo: '/api/accounting-firms/1/white-labels/dark/logo?last_modified=x',
  primary_color: '#90caf9',
  secondary_color: '#b0bec5',
  updated_at: '2026-01-01T00:00:00.000Z',
};

describe('branding form', () => {
  it('starts from the saved white label', () => {
    expect(brandingValuesOf(label)).toEqual({
      name: 'Cabinet Démo',
      primary_color: '#90caf9',
      secondary_color: '#b0bec5',
    });
    expect(brandingValuesOf(undefined)).toEqual({ name: '', primary_color: '', secondary_color: '' });
  });

  it('validates with the contract: colours with or without #, normalised', () => {
    const ok = brandingFormSchema.safeParse({
      name: 'X',
      primary_color: 'A1B2C3',
      secondary_color: '#000000',
    });
    expect(ok.success && ok.data).toEqual({
      name: 'X',
      primary_color: '#a1b2c3',
      secondary_color: '#000000',
    });
    const bad = brandingFormSchema.safeParse({ name: 'X', primary_color: '#12345', secondary_color: 'red' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['primary_color', 'invalid-color'],
      ['secondary_color', 'invalid-color'],
    ]);
  });

  it('reads hexadecimal colours', () => {
    expect(hexColour('1565C0')).toBe('#1565c0');
    expect(hexColour(' #1565c0 ')).toBe('#1565c0');
    expect(hexColour('#1565c')).toBeNull();
    expect(hexColour('blue')).toBeNull();
    expect(hexColour(undefined)).toBeNull();
  });

  it('sends the logo only when it changes', () => {
    expect(logoPayload({ kind: 'keep' })).toEqual({});
    expect('logo' in logoPayload({ kind: 'keep' })).toBe(false);
    expect(logoPayload({ kind: 'remove' })).toEqual({ logo: null });
    expect(logoPayload({ kind: 'set', base64: 'AAAA', preview: 'data:image/png;base64,AAAA' })).toEqual({
      logo: 'AAAA',
    });
    expect(shownLogo({ kind: 'keep' }, label.logo)).toBe(label.logo);
    expect(shownLogo({ kind: 'remove' }, label.logo)).toBeNull();
    expect(shownLogo({ kind: 'set', base64: 'AAAA', preview: 'data:x' }, null)).toBe('data:x');
  });

  it('accepts the logo formats up to the size limit', () => {
    expect(LOGO_ACCEPT.split(',')).toEqual(
      expect.arrayContaining(['image/png', 'image/svg+xml', 'image/webp', '.jpg', '.svg']),
    );
    expect(logoProblem({ name: 'a.png', type: 'image/png', size: 10 })).toBeNull();
    expect(logoProblem({ name: 'a.svg', type: '', size: 10 })).toBeNull();
    expect(logoProblem({ name: 'a.png', type: 'image/png', size: LOGO_MAX_BYTES })).toBeNull();
    expect(logoProblem({ name: 'a.png', type: 'image/png', size: LOGO_MAX_BYTES + 1 })).toBe(
      'image-too-large',
    );
    expect(logoProblem({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBe('invalid-image');
    expect(logoProblem({ name: 'a.bmp', type: '', size: 10 })).toBe('invalid-image');
    expect(logoProblem({ name: 'a.png', type: 'image/png', size: 0 })).toBe('invalid-image');
  });

  it('takes the base64 of a data URL', () => {
    expect(base64OfDataUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('iVBORw0KGgo=');
  });
});
