import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache';

describe('read cache', () => {
  it('answers from memory within its lifetime, then reads again', async () => {
    let clock = 0;
    const cache = createReadCache({ ttlMs: 1000, now: () => clock });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get(1, 'k', load)).toBe(1);
    expect(await cache.get(1, 'k', load)).toBe(1);
    clock = 1001;
    expect(await cache.get(1, 'k', load)).toBe(2);
  });

  it("drops one firm's answers and keeps the others'", async () => {
    const cache = createReadCache();
    await cache.get(1, 'k', async () => 'firm 1');
    await cache.get(2, 'k', async () => 'firm 2');
    cache.clearFirm(1);
    expect(cache.size).toBe(1);
    expect(await cache.get(1, 'k', async () => 'fresh')).toBe('fresh');
    expect(await cache.get(2, 'k', async () => 'fresh')).toBe('firm 2');
  });

  it('does not store what a read saw before its firm was cleared, nor before everything was', async () => {
    const cache = createReadCache();
    for (const clear of [() => cache.clearFirm(1), () => cache.clear()]) {
      let release!: () => void;
      const slow = cache.get(1, 'k', () => new Promise<string>((r) => (release = () => r('stale'))));
      clear();
      release();
      expect(await slow).toBe('stale');
      expect(await cache.get(1, 'k', async () => 'fresh')).toBe('fresh');
      cache.clear();
    }
  });

  it('runs one load for concurrent misses of a key, and a new one for a request after a clear', async () => {
    const cache = createReadCache();
    let loads = 0;
    let release!: () => void;
    const slow = () =>
      new Promise<number>((r) => {
        const n = ++loads;
        release = () => r(n);
      });
    const first = Array.from({ length: 50 }, () => cache.get(1, 'k', slow));
    expect(loads).toBe(1);
    release();
    expect(new Set(await Promise.all(first))).toEqual(new Set([1]));
    expect(await cache.get(1, 'k', slow)).toBe(1);

    for (const clear of [() => cache.clearFirm(1), () => cache.clear()]) {
      cache.clear();
      const before = cache.get(1, 'k', slow);
      const releaseBefore = release;
      clear();
      const after = cache.get(1, 'k', slow);
      expect(loads).toBeGreaterThan(1);
      release();
      releaseBefore();
      expect(await after).toBeGreaterThan(await before);
    }
    // A failed load is not kept: the next request loads again.
    await expect(cache.get(2, 'k', async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await cache.get(2, 'k', async () => 'yes')).toBe('yes');
  });

  it('keeps nothing while off, and stays within its size', async () => {
    const cache = createReadCache({ maxEntries: 3 });
    cache.setEnabled(false);
    await cache.get(1, 'k', async () => 1);
    expect(cache.size).toBe(0);
    cache.setEnabled(true);
    for (let i = 0; i < 10; i++) await cache.get(1, `k${i}`, async () => i);
    expect(cache.size).toBeLessThanOrEqual(3);
  });
});
