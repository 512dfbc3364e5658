import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema';

/** Counts events per bucket over a sliding window; shared by every server process. */
export type RateLimiter = {
  hit(bucket: string, windowSeconds: number): Promise<void>;
  count(bucket: string, windowSeconds: number): Promise<number>;
  reset(bucket: string): Promise<void>;
};

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
  };
}

const since = (seconds: number) => new Date(Date.now() - seconds * 1000);
