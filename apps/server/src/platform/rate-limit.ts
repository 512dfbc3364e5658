import { and, count, eq, gt, like, lt, max, min, sql } from 'drizzle-orm';
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
  /**
   * Records an event and answers the bucket's state just before it, in one atomic step: of
   * parallel callers, each sees the events recorded before its own. `id` names the event.
   */
  take(bucket: string, windowSeconds: number): Promise<{ before: BucketState; id: string }>;
  /** Takes back one event recorded by `take`. */
  forget(bucket: string, id: string): Promise<void>;
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
  return waitFor(rule, await limiter.inspect(rule.bucket, rule.windowSeconds), now);
}

function waitFor(rule: ThrottleRule, state: BucketState, now = Date.now()): number {
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

/** An attempt counted by `countAttempt`: the wait the rules asked for, and its recorded events. */
export type Attempt = { wait: number; events: { bucket: string; id: string }[] };

/**
 * Counts an attempt under each rule before judging it (increment, then compare), so that parallel
 * attempts see each other and none passes on a count read before the others were recorded. An
 * attempt refused (`wait` > 0) is taken back at once: only attempts that were judged count, so
 * hammering a closed door does not keep it closed for the owner.
 */
export async function countAttempt(limiter: RateLimiter, rules: ThrottleRule[]): Promise<Attempt> {
  const attempt: Attempt = { wait: 0, events: [] };
  for (const rule of rules) {
    const { before, id } = await limiter.take(rule.bucket, rule.windowSeconds);
    attempt.events.push({ bucket: rule.bucket, id });
    attempt.wait = Math.max(attempt.wait, waitFor(rule, before));
  }
  if (attempt.wait > 0) await forgetAttempt(limiter, attempt);
  return attempt;
}

/** Takes an attempt's events back (it succeeded, or was refused). */
export async function forgetAttempt(limiter: RateLimiter, attempt: Attempt): Promise<void> {
  for (const event of attempt.events) await limiter.forget(event.bucket, event.id);
}

/** The longest wait the rules ask for (0: every rule allows an event now). */
export async function longestWait(limiter: RateLimiter, rules: ThrottleRule[]): Promise<number> {
  let longest = 0;
  for (const rule of rules) longest = Math.max(longest, await secondsToWait(limiter, rule));
  return longest;
}

export function databaseRateLimiter(db: Db): RateLimiter {
  const inspect = async (on: Db, bucket: string, windowSeconds: number): Promise<BucketState> => {
    const [row] = await on
      .select({ n: count(), oldest: min(rateLimitHits.hitAt), newest: max(rateLimitHits.hitAt) })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, bucket), gt(rateLimitHits.hitAt, since(windowSeconds))));
    return {
      count: Number(row?.n ?? 0),
      oldest: row?.oldest ? new Date(row.oldest).getTime() : null,
      newest: row?.newest ? new Date(row.newest).getTime() : null,
    };
  };
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
    inspect: (bucket, windowSeconds) => inspect(db, bucket, windowSeconds),
    async resetPrefix(prefix) {
      await db
        .delete(rateLimitHits)
        .where(like(rateLimitHits.bucket, `${prefix.replace(/[\\%_]/g, '\\$&')}%`));
    },
    take: (bucket, windowSeconds) =>
      db.transaction(async (tx) => {
        // One taker of a bucket at a time (the lock ends with the transaction).
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(${RATE_LIMIT_LOCK}::int, hashtext(${bucket}::text))`,
        );
        const before = await inspect(tx, bucket, windowSeconds);
        const [row] = await tx
          .insert(rateLimitHits)
          .values({ bucket, hitAt: sql`clock_timestamp()` })
          .returning({ id: rateLimitHits.id });
        return { before, id: String(row!.id) };
      }),
    async forget(bucket, id) {
      await db
        .delete(rateLimitHits)
        .where(and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.id, Number(id))));
    },
  };
}

/** The first key of the rate limiter's advisory locks (the second is the bucket's hash). */
const RATE_LIMIT_LOCK = 727_073_691;

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
      const from = Date.now() - windowSeconds * 1000;
      return stateOf(await inspecting(redis.multi(), prefix + bucket, from).exec());
    },
    async take(bucket, windowSeconds) {
      const key = prefix + bucket;
      const now = Date.now();
      const id = `${now}-${Math.random()}`;
      // One MULTI runs whole before any other client's command: the state read, then the event.
      const replies = await inspecting(redis.multi(), key, now - windowSeconds * 1000)
        .zadd(key, now, id)
        .zremrangebyscore(key, 0, now - windowSeconds * 1000)
        .expire(key, windowSeconds)
        .exec();
      return { before: stateOf(replies), id };
    },
    async forget(bucket, id) {
      await redis.zrem(prefix + bucket, id);
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

type Multi = ReturnType<Redis['multi']>;

/** Queues the reads of a bucket's state from `from` (epoch ms): its count, oldest and newest. */
const inspecting = (multi: Multi, key: string, from: number) =>
  multi
    .zcount(key, from, '+inf')
    .zrangebyscore(key, from, '+inf', 'WITHSCORES', 'LIMIT', 0, 1)
    .zrevrangebyscore(key, '+inf', from, 'WITHSCORES', 'LIMIT', 0, 1);

/** The state read by `inspecting`, from the first three replies of its transaction. */
function stateOf(replies: [Error | null, unknown][] | null): BucketState {
  const [countOf, oldest, newest] = replies ?? [];
  const score = (entry: [Error | null, unknown] | undefined) => {
    const pair = entry?.[1] as string[] | undefined;
    return pair && pair.length === 2 ? Number(pair[1]) : null;
  };
  return { count: Number(countOf?.[1] ?? 0), oldest: score(oldest), newest: score(newest) };
}

const since = (seconds: number) => new Date(Date.now() - seconds * 1000);
