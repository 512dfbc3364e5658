import { describe, expect, it } from 'vitest';
import { createAccessCache } from './access-cache';

describe('access cache', () => {
  it('answers from memory within its lifetime, then asks again', async () => {
    let clock = 0;
    const cache = createAccessCache({ ttlMs: 1000, now: () => clock });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('grant', 'k', load)).toBe(1);
    expect(await cache.get('grant', 'k', load)).toBe(1);
    clock = 1001;
    expect(await cache.get('grant', 'k', load)).toBe(2);
  });

  it('keeps sessions and grants apart, and forgets everything on clear', async () => {
    const cache = createAccessCache();
    await cache.get('session', 'k', async () => 'session');
    expect(await cache.get('grant', 'k', async () => 'grant')).toBe('grant');
    cache.clear();
    expect(cache.size).toBe(0);
    expect(await cache.get('session', 'k', async () => 'fresh')).toBe('fresh');
  });

  it('does not store what a lookup read before a clear (it may be the revoked state)', async () => {
    const cache = createAccessCache();
    let release!: () => void;
    const slow = cache.get('grant', 'k', () => new Promise<string>((r) => (release = () => r('stale'))));
    cache.clear();
    release();
    expect(await slow).toBe('stale');
    expect(await cache.get('grant', 'k', async () => 'fresh')).toBe('fresh');
  });

  it('drops an entry its validity check refuses (an access token past its expiry)', async () => {
    const cache = createAccessCache();
    await cache.get('session', 'k', async () => ({ expired: true }));
    const value = await cache.get(
      'session',
      'k',
      async () => ({ expired: false }),
      (v) => !v.expired,
    );
    expect(value).toEqual({ expired: false });
  });

  it('caches nothing while disabled, and starts empty when enabled again', async () => {
    const cache = createAccessCache();
    await cache.get('grant', 'k', async () => 1);
    cache.setEnabled(false);
    expect(await cache.get('grant', 'k', async () => 2)).toBe(2);
    expect(cache.size).toBe(0);
    cache.setEnabled(true);
    expect(await cache.get('grant', 'k', async () => 3)).toBe(3);
  });

  it('stays within its size, dropping the oldest entry', async () => {
    const cache = createAccessCache({ maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.get('grant', key, async () => key);
    expect(cache.size).toBe(2);
    expect(await cache.get('grant', 'a', async () => 'reloaded')).toBe('reloaded');
    expect(await cache.get('grant', 'c', async () => 'reloaded')).toBe('c');
  });
});
