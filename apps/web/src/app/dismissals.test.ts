import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../test/memory-storage';
import { dismiss, forgetDismissals, isDismissed } from './dismissals';

describe('dismissed notices', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('stay away until the dismissals are forgotten (a new sign-in)', () => {
    expect(isDismissed('terms:3:2')).toBe(false);
    dismiss('terms:3:2');
    dismiss('terms:3:2');
    expect(isDismissed('terms:3:2')).toBe(true);
    expect(isDismissed('terms:3:3')).toBe(false);
    expect(JSON.parse(sessionStorage.getItem('dismissed_notices') ?? '')).toEqual(['terms:3:2']);
    forgetDismissals();
    expect(isDismissed('terms:3:2')).toBe(false);
  });

  it('reads a damaged entry as none', () => {
    sessionStorage.setItem('dismissed_notices', '{nope');
    expect(isDismissed('terms:3:2')).toBe(false);
  });
});
