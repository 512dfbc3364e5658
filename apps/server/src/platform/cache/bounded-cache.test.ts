import { describe, expect, it } from 'vitest';
import { createBoundedCache } from './bounded-cache';

describe('createBoundedCache', () => {
  it('keeps at most max entries, dropping the oldest written', () => {
    const cache = createBoundedCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect([cache.get('b'), cache.get('c')]).toEqual([2, 3]);
  });

  it('counts a key written again once, as the newest', () => {
    const cache = createBoundedCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 10);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.size]).toEqual([10, 3, 2]);
  });

  it('is one per cache: two caches share nothing', () => {
    const one = createBoundedCache<number>(5);
    const two = createBoundedCache<number>(5);
    one.set('a', 1);
    expect(two.get('a')).toBeUndefined();
  });
});
