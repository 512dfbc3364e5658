import { describe, expect, it } from 'vitest';
import { addressKey } from './sign-in-throttle';

describe('addressKey', () => {
  it('keeps an IPv4 address, IPv4-mapped IPv6 included', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64 network', () => {
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:0db8:0001:0002::')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
