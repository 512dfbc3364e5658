import { describe, expect, it } from 'vitest';
import { resolveDarkMode } from './dark-mode';

const none = { urlValue: null, userSetting: null, stored: null, osPrefersDark: null };

describe('resolveDarkMode', () => {
  it('follows the priority URL, user, stored, OS, light', () => {
    expect(
      resolveDarkMode({ urlValue: 'false', userSetting: true, stored: 'dark', osPrefersDark: true }),
    ).toBe(false);
    expect(
      resolveDarkMode({ urlValue: 'true', userSetting: false, stored: 'light', osPrefersDark: false }),
    ).toBe(true);
    expect(resolveDarkMode({ ...none, urlValue: 'x', userSetting: true, stored: 'light' })).toBe(true);
    expect(resolveDarkMode({ ...none, userSetting: false, stored: 'dark', osPrefersDark: true })).toBe(false);
    expect(resolveDarkMode({ ...none, stored: 'dark', osPrefersDark: false })).toBe(true);
    expect(resolveDarkMode({ ...none, stored: 'light', osPrefersDark: true })).toBe(false);
    expect(resolveDarkMode({ ...none, osPrefersDark: true })).toBe(true);
    expect(resolveDarkMode(none)).toBe(false);
  });
});
