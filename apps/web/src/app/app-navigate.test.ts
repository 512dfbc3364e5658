import { describe, expect, it } from 'vitest';
import { findRoute, navigationTarget } from './app-navigate';

describe('navigationTarget', () => {
  it('replaces history for not-historised routes and carries embedded', () => {
    expect(navigationTarget('/autologin', '?embedded=true')).toEqual({
      to: '/autologin?embedded=true',
      replace: true,
    });
    expect(navigationTarget('/home', '')).toEqual({ to: '/home', replace: false });
  });
  it('finds routes by path', () => {
    expect(findRoute('/settings/ab/users')?.id).toBe('settings');
    expect(findRoute('/videoconference/internal')?.id).toBe('videoconference-internal');
    expect(findRoute('/videoconference/ab')?.id).toBe('videoconference');
    expect(findRoute('/sa/flags')?.superAdmin).toBe(true);
    expect(findRoute('/nowhere')).toBeUndefined();
  });
});
