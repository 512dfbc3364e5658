import { describe, expect, it } from 'vitest';
import { clearNotified, createReadCache } from './read-cache';

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

  it('drops only the answers that show the kind that changed, and of its client file or person', async () => {
    const cache = createReadCache();
    const fill = async () => {
      cache.clear();
      await cache.get(1, { key: 'tasks', shows: ['tasks', 'vendors'] }, async () => 'tasks');
      await cache.get(1, { key: 'page 7', shows: [{ kind: 'documents', scope: 7 }] }, async () => 'page 7');
      await cache.get(1, { key: 'page 8', shows: [{ kind: 'documents', scope: 8 }] }, async () => 'page 8');
      await cache.get(1, { key: 'unread', shows: ['documents'] }, async () => 'unread');
      await cache.get(1, 'bare', async () => 'bare');
      await cache.get(
        2,
        { key: 'page 7', shows: [{ kind: 'documents', scope: 7 }] },
        async () => 'other firm',
      );
    };
    const kept = async () => {
      const keys: [number, string][] = [
        [1, 'tasks'],
        [1, 'page 7'],
        [1, 'page 8'],
        [1, 'unread'],
        [1, 'bare'],
        [2, 'page 7'],
      ];
      const left: string[] = [];
      for (const [firm, key] of keys) {
        if ((await cache.get(firm, key, async () => 'reloaded')) !== 'reloaded') left.push(`${firm}:${key}`);
      }
      return left;
    };
    await fill();
    clearNotified(cache, '1:documents:7');
    expect(await kept()).toEqual(['1:tasks', '1:page 8', '2:page 7']);
    await fill();
    clearNotified(cache, '1:documents');
    expect(await kept()).toEqual(['1:tasks', '2:page 7']);
    await fill();
    clearNotified(cache, '1:vendors');
    expect(await kept()).toEqual(['1:page 7', '1:page 8', '1:unread', '2:page 7']);
    await fill();
    clearNotified(cache, '1');
    expect(await kept()).toEqual(['2:page 7']);
    for (const payload of ['*', 'nonsense', '1:nokind:3']) {
      await fill();
      clearNotified(cache, payload);
      expect(await kept()).toEqual(payload === '1:nokind:3' ? ['2:page 7'] : []);
    }
  });

  it('does not store what a read saw before a change of a kind it shows, and joins no such load', async () => {
    const cache = createReadCache();
    let loads = 0;
    let release!: () => void;
    const slow = () =>
      new Promise<number>((r) => {
        const n = ++loads;
        release = () => r(n);
      });
    const key = { key: 'page', shows: [{ kind: 'documents', scope: 7 }] } as const;
    const before = cache.get(1, key, slow);
    const releaseBefore = release;
    cache.clearKind(1, 'documents', 8);
    cache.clearKind(1, 'tasks');
    // Another client file's documents and another kind: the load in flight is still shared.
    const joined = cache.get(1, key, slow);
    expect(loads).toBe(1);
    cache.clearKind(1, 'documents', 7);
    const after = cache.get(1, key, slow);
    expect(loads).toBe(2);
    releaseBefore();
    release();
    expect(await before).toBe(1);
    expect(await joined).toBe(1);
    expect(await after).toBe(2);
    expect(await cache.get(1, key, slow)).toBe(2);
    expect(cache.size).toBe(1);
  });
});
