import { describe, expect, it } from 'vitest';
import { fromField, toField, unitLabel } from './size-units';

describe('quota fields', () => {
  it('shows a byte count in the largest unit it fills', () => {
    expect(toField(null)).toEqual({ value: '', unit: 'GB' });
    expect(toField(50 * 1024 ** 3)).toEqual({ value: '53.687', unit: 'GB' });
    expect(toField(2_000_000_000_000)).toEqual({ value: '2', unit: 'TB' });
    expect(toField(1000)).toEqual({ value: '0.001', unit: 'MB' });
  });

  it('reads a field back: empty is unlimited, a comma is a decimal point, nonsense is refused', () => {
    expect(fromField('', 'GB')).toBeNull();
    expect(fromField('1,5', 'GB')).toBe(1_500_000_000);
    expect(fromField('0.001', 'MB')).toBe(1000);
    expect(fromField('-1', 'MB')).toBeUndefined();
    expect(fromField('abc', 'MB')).toBeUndefined();
    expect(fromField('1e30', 'TB')).toBeUndefined();
  });

  it('names the units in French with o', () => {
    expect(unitLabel('GB', 'fr')).toBe('Go');
    expect(unitLabel('GB', 'en')).toBe('GB');
  });
});
