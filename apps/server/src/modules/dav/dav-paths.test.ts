import { describe, expect, it } from 'vitest';
import { davHref, davSegments, destinationSegments, uniqueNames } from './dav-paths';

describe('network-drive paths', () => {
  it('decodes each segment once and refuses dot segments, encoded separators and NUL', () => {
    expect(davSegments('/dav/')).toEqual([]);
    expect(davSegments('/dav/A%20B/c%C3%A9')).toEqual(['A B', 'cé']);
    expect(davSegments('/dav/a/%2e%2e/b')).toBeNull();
    expect(davSegments('/dav/a/../b')).toBeNull();
    expect(davSegments('/dav/a%2Fb')).toBeNull();
    expect(davSegments('/dav/a%5cb')).toBeNull();
    expect(davSegments('/dav/a%00')).toBeNull();
    expect(davSegments('/dav/%E0%A4%A')).toBeNull();
    expect(davSegments('/api/x')).toBeNull();
  });

  it('writes hrefs percent-encoded, collections ending with a slash', () => {
    expect(davHref(['Cabinet', 'A & B'], true)).toBe('/dav/Cabinet/A%20%26%20B/');
    expect(davHref([], true)).toBe('/dav/');
  });

  it('refuses a Destination on another host', () => {
    expect(destinationSegments('http://evil.test/dav/a', 'portal.test')).toBeNull();
    expect(destinationSegments('http://portal.test/dav/a/b', 'portal.test')).toEqual(['a', 'b']);
    expect(destinationSegments('/dav/a', 'portal.test')).toEqual(['a']);
  });

  it('suffixes clashing names and escapes forbidden characters', () => {
    const names = uniqueNames(
      [
        { n: 'A/B', s: '1' },
        { n: 'X', s: 'C1' },
        { n: 'x', s: 'C2' },
      ],
      (i) => i.n,
      (i) => [i.s],
    ).map((u) => u.name);
    expect(names).toEqual(['A_B', 'X (C1)', 'x (C2)']);
  });

  it('falls back to the next suffix when the first is empty or still clashes, and makes safe segments', () => {
    const names = uniqueNames(
      [
        { n: 'Dupont', code: 'ab', id: 1 },
        { n: 'dupont', code: 'AB', id: 2 },
        { n: 'Dupont', code: '', id: 3 },
        { n: 'Dupont (ab)', code: 'Z', id: 4 },
        { n: '..', code: 'Q', id: 5 },
        { n: 'Trailing. ', code: 'R', id: 6 },
      ],
      (i) => i.n,
      (i) => [i.code, String(i.id)],
    ).map((u) => u.name);
    expect(names).toEqual(['Dupont (1)', 'dupont (2)', 'Dupont (3)', 'Dupont (ab)', '_', 'Trailing']);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
  });
});
