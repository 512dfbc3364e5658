import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countAttempt,
  databaseRateLimiter,
  forgetAttempt,
  type RateLimiter,
  redisRateLimiter,
  secondsToWait,
} from '../src/platform/rate-limit';
import { connectRedisIfAny } from './redis';
import { createTestApp, type TestApp } from './test-app';

/** Both counters behave alike: the original hit/count/reset, and inspect/resetPrefix for throttles. */
const prefix = `portal:rl:unit-${process.pid}-${Date.now()}:`;
const redis = await connectRedisIfAny();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  if (redis) {
    await redisRateLimiter(redis, prefix).resetPrefix('');
    redis.disconnect();
  }
});

const limiters: [string, () => RateLimiter][] = [
  ['database', () => databaseRateLimiter(t.database.db)],
  ...(redis ? [['redis', () => redisRateLimiter(redis, prefix)] as [string, () => RateLimiter]] : []),
];

describe.each(limiters)('%s rate limiter', (_kind, make) => {
  it('hits, counts and resets a bucket', async () => {
    const limiter = make();
    await limiter.hit('a:1', 60);
    await limiter.hit('a:1', 60);
    expect(await limiter.count('a:1', 60)).toBe(2);
    await limiter.reset('a:1');
    expect(await limiter.count('a:1', 60)).toBe(0);
  });

  it('tells when the oldest and newest events happened', async () => {
    const limiter = make();
    expect(await limiter.inspect('b:1', 60)).toEqual({ count: 0, oldest: null, newest: null });
    const before = Date.now() - 1000;
    await limiter.hit('b:1', 60);
    await limiter.hit('b:1', 60);
    const state = await limiter.inspect('b:1', 60);
    expect(state.count).toBe(2);
    expect(state.oldest).toBeGreaterThanOrEqual(before);
    expect(state.newest).toBeGreaterThanOrEqual(state.oldest!);
    expect(state.newest).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('clears the buckets of a prefix only, wildcards taken literally', async () => {
    const limiter = make();
    for (const bucket of ['c:x_y|1', 'c:x_y|2', 'c:xzy|1', 'c:x*y|1', 'c:x%y|1'])
      await limiter.hit(bucket, 60);
    await limiter.resetPrefix('c:x_y|');
    await limiter.resetPrefix('c:x*');
    expect(await limiter.count('c:x_y|1', 60)).toBe(0);
    expect(await limiter.count('c:x_y|2', 60)).toBe(0);
    expect(await limiter.count('c:xzy|1', 60)).toBe(1);
    expect(await limiter.count('c:x*y|1', 60)).toBe(0);
    expect(await limiter.count('c:x%y|1', 60)).toBe(1);
  });

  it('computes throttle waits: a hard limit, and doubling delays', async () => {
    const limiter = make();
    for (let i = 0; i < 3; i++) await limiter.hit('d:1', 60);
    const state = await limiter.inspect('d:1', 60);
    const now = state.newest!;
    expect(await secondsToWait(limiter, { bucket: 'd:1', windowSeconds: 60, max: 4 }, now)).toBe(0);
    expect(await secondsToWait(limiter, { bucket: 'd:1', windowSeconds: 60, max: 3 }, now)).toBeCloseTo(
      (state.oldest! + 60_000 - now) / 1000,
    );
    const delays = { bucket: 'd:1', windowSeconds: 60, firstDelaySeconds: 1, maxDelaySeconds: 3 };
    expect(await secondsToWait(limiter, { ...delays, free: 4 }, now)).toBe(0);
    expect(await secondsToWait(limiter, { ...delays, free: 3 }, now)).toBe(1);
    expect(await secondsToWait(limiter, { ...delays, free: 2 }, now)).toBe(2);
    expect(await secondsToWait(limiter, { ...delays, free: 1 }, now)).toBe(3);
    expect(await secondsToWait(limiter, { ...delays, free: 1 }, now + 3000)).toBe(0);
  });

  it('takes an event atomically: parallel takers each see the ones before; forget takes one back', async () => {
    const limiter = make();
    const taken = await Promise.all(Array.from({ length: 10 }, () => limiter.take('e:1', 60)));
    expect(taken.map((x) => x.before.count).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await limiter.count('e:1', 60)).toBe(10);
    await limiter.forget('e:1', taken[3]!.id);
    expect(await limiter.count('e:1', 60)).toBe(9);
    const last = await limiter.take('e:1', 60);
    expect(last.before.count).toBe(9);
    expect(last.before.newest).toBeGreaterThanOrEqual(last.before.oldest!);
  });

  it('counts an attempt before judging it, and takes a refused one back', async () => {
    const limiter = make();
    const rule = { bucket: 'f:1', windowSeconds: 60, max: 2 };
    const attempts = await Promise.all(Array.from({ length: 5 }, () => countAttempt(limiter, [rule])));
    expect(attempts.filter((a) => a.wait === 0)).toHaveLength(2);
    expect(await limiter.count('f:1', 60)).toBe(2);
    await forgetAttempt(limiter, attempts.find((a) => a.wait === 0)!);
    expect(await limiter.count('f:1', 60)).toBe(1);
  });
});
