import { and, count, eq, gt, like, lt, max, min } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema';

/** Counts events per bucket over a sliding window; shared by every server process. */
export type RateLimiter = {
  hit(bucket: string, windowSeconds: number): Promise<void>;
  count(bucket: string, windowSeconds: number): Promise<number>;
  reset(bucket: string): Promise<void>;
  /** The bucket's events in the window: how many, and when the oldest and the newest happened. */
  inspect(bucket: string, windowSeconds: number): Promise<BucketState>;
  /** Clears every bucket whose name starts with `prefix` (all the buckets of one account). */
  resetPrefix(prefix: string): Promise<void>;
};

/** Times in epoch milliseconds; null when the window holds no event. */
export type BucketState = { count: number; oldest: number | null; newest: number | null };

/**
 * A throttle on one bucket: a hard `max` over the window, or delays that double once `free`
 * events are in the window (the next event must wait `firstDelaySeconds` after the newest, then
 * twice as long..., at most `maxDelaySeconds`).
 */
export type ThrottleRule = { bucket: string; windowSeconds: number } & (
  | { max: number }
  | { free: number; firstDelaySeconds: number; maxDelaySeconds: number }
);

/** Seconds before the rule allows another event; 0 when it allows one now. */
export async function secondsToWait(
  limiter: RateLimiter,
  rule: ThrottleRule,
  now = Date.now(),
): Promise<number> {
  const state = await limiter.inspect(rule.bucket, rule.windowSeconds);
  let until = 0;
  if ('max' in rule) {
    // The window frees a place when its oldest event leaves it.
    if (state.count >= rule.max && state.oldest !== null) until = state.oldest + rule.windowSeconds * 1000;
  } else if (state.count >= rule.free && state.newest !== null) {
    const delay = Math.min(rule.firstDelaySeconds * 2 ** (state.count - rule.free), rule.maxDelaySeconds);
    until = state.newest + delay * 1000;
  }
  return Math.max(0, (until - now) / 1000);
}

/** The longest wait the rules ask for (0: every rule allows an event now). */
export async function longestWait(limiter: RateLimiter, rules: ThrottleRule[]): Promise<number> {
  let longest = 0;
  for (const rule of rules) longest = Math.max(longest, await secondsToWait(limiter, rule));
  return longest;
}

export function databaseRateLimiter(db: Db): RateLimiter {
  return {
    async hit(bucket, windowSeconds) {
      await db.insert(rateLimitHits).values({ bucket });
      // Opportunistic clean-up of old rows for this bucket.
      await db
        .delete(rateLimitHits)
        .where(and(eq(rateLimitHits.bucket, bucket), lt(rateLimitHits.hitAt, since(windowSeconds * 4))));
    },
    async count(bucket, windowSeconds) {
      const [row] = await db
        .select({ n: count() })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.bucket, bucket), gt(rateLimitHits.hitAt, since(windowSeconds))));
      return Number(row?.n ?? 0);
    },
    async reset(bucket) {
      await db.delete(rateLimitHits).where(eq(rateLimitHits.bucket, bucket));
    },
    async inspect(bucket, windowSeconds) {
      const [row] = await db
        .select({ n: count(), oldest: min(rateLimitHits.hitAt), newest: max(rateLimitHits.hitAt) })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.bucket, bucket), gt(rateLimitHits.hitAt, since(windowSeconds))));
      return {
        count: Number(row?.n ?? 0),
        oldest: row?.oldest ? new Date(row.oldest).getTime() : null,
        newest: row?.newest ? new Date(row.newest).getTime() : null,
      };
    },
    async resetPrefix(prefix) {
      await db
        .delete(rateLimitHits)
        .where(like(rateLimitHits.bucket, `${prefix.replace(/[\\%_]/g, '\\$&')}%`));
    },
  };
}

export function redisRateLimiter(redis: Redis, prefix = 'portal:rl:'): RateLimiter {
  return {
    async hit(bucket, windowSeconds) {
      const key = prefix + bucket;
      const now = Date.now();
      await redis
        .multi()
        .zadd(key, now, `${now}-${Math.random()}`)
        .zremrangebyscore(key, 0, now - windowSeconds * 1000)
        .expire(key, windowSeconds)
        .exec();
    },
    async count(bucket, windowSeconds) {
      const key = prefix + bucket;
      return redis.zcount(key, Date.now() - windowSeconds * 1000, '+inf');
    },
    async reset(bucket) {
      await redis.del(prefix + bucket);
    },
    async inspect(bucket, windowSeconds) {
      const key = prefix + bucket;
      const from = Date.now() - windowSeconds * 1000;
      const [countOf, oldest, newest] = ((await redis
        .multi()
        .zcount(key, from, '+inf')
        .zrangebyscore(key, from, '+inf', 'WITHSCORES', 'LIMIT', 0, 1)
        .zrevrangebyscore(key, '+inf', from, 'WITHSCORES', 'LIMIT', 0, 1)
        .exec()) ?? []) as [Error | null, unknown][];
      const score = (entry: [Error | null, unknown] | undefined) => {
        const pair = entry?.[1] as string[] | undefined;
        return pair && pair.length === 2 ? Number(pair[1]) : null;
      };
      return { count: Number(countOf?.[1] ?? 0), oldest: score(oldest), newest: score(newest) };
    },
    async resetPrefix(bucketPrefix) {
      const pattern = `${(prefix + bucketPrefix).replace(/[*?[\]\\]/g, '\\$&')}*`;
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    },
  };
}

const since = (seconds: number) => new Date(Date.now() - seconds * 1000);
