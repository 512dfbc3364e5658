import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TEST_PASSWORD } from '../../../test/factories';
import { connectRedisIfAny } from '../../../test/redis';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rateLimitHits } from '../../db/schema';
import { type RateLimiter, redisRateLimiter } from '../../platform/rate-limit';

/**
 * Wrong passwords cannot be used to lock people out: neither an account's owner (failures from
 * other addresses, or a reset), nor everyone behind one address. Run with the database counters,
 * and with Redis when one answers at REDIS_URL (default 127.0.0.1:6379).
 */
const PASSWORD = TEST_PASSWORD;
const prefix = `portal:rl:test-${process.pid}-${Date.now()}:`;

const redis = await connectRedisIfAny();

afterAll(async () => {
  if (!redis) return;
  await redisRateLimiter(redis, prefix).resetPrefix('');
  redis.disconnect();
});

const kinds = redis ? (['database', 'redis'] as const) : (['database'] as const);

describe.each(kinds)('sign-in throttle (%s counters)', (kind) => {
  let t: TestApp;
  let limiter: RateLimiter | undefined;

  beforeAll(async () => {
    limiter = kind === 'redis' ? redisRateLimiter(redis!, prefix) : undefined;
    t = await createTestApp({ rateLimiter: limiter });
  });
  afterAll(() => t?.close());

  const login = (email: string, password: string, ip: string, lang = 'fr') =>
    t.request({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      headers: { 'accept-language': lang },
      payload: { email, password },
    });
  const person = async () => (await buildUser(t.database.db)).user;

  /** Moves a bucket's events `seconds` into the past (what waiting would do). */
  async function ageBucket(bucket: string, seconds: number) {
    if (kind === 'database') {
      await t.database.db
        .update(rateLimitHits)
        .set({ hitAt: sql`${rateLimitHits.hitAt} - make_interval(secs => ${seconds})` })
        .where(eq(rateLimitHits.bucket, bucket));
      return;
    }
    const key = prefix + bucket;
    const entries: string[] = await redis!.zrange(key, '0', '-1', 'WITHSCORES');
    for (let i = 0; i < entries.length; i += 2) {
      await redis!.zadd(key, Number(entries[i + 1]) - seconds * 1000, entries[i]!);
    }
  }

  /** `count` failures in a bucket, the oldest `secondsAgo` ago (arranged, not sent). */
  async function arrangeFailures(bucket: string, count: number, secondsAgo: number) {
    const at = (i: number) => Date.now() - secondsAgo * 1000 - count + i;
    if (kind === 'database') {
      await t.database.db
        .insert(rateLimitHits)
        .values(Array.from({ length: count }, (_, i) => ({ bucket, hitAt: new Date(at(i)) })));
      return;
    }
    for (let i = 0; i < count; i++) await redis!.zadd(prefix + bucket, at(i), `arranged-${i}`);
    await redis!.expire(prefix + bucket, 900);
  }

  /** The 429's wait: the Retry-After header, and the same time in the message. */
  function expectWait(res: Awaited<ReturnType<typeof login>>, min: number, max: number) {
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('too-many-requests');
    const seconds = Number(res.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(min);
    expect(seconds).toBeLessThanOrEqual(max);
    return seconds;
  }

  it('lets the owner in when others failed from many addresses: at once from a known address, soon from a new one', async () => {
    const owner = await person();
    expect((await login(owner.email, PASSWORD, '10.0.0.1')).status).toBe(200);
    for (let i = 1; i <= 10; i++)
      expect((await login(owner.email, 'Wrong-guess-1', `10.1.0.${i}`)).status).toBe(422);
    // Three more from elsewhere: the guessers, wherever from, wait 2^(13-10) = 8 s, then longer.
    await arrangeFailures(`login:account:${owner.email}`, 3, 0);
    expectWait(await login(owner.email, 'Wrong-guess-1', '10.1.0.11'), 6, 8);

    expect((await login(owner.email, PASSWORD, '10.0.0.1')).status).toBe(200);
    // From an address the account never used, the owner waits that short delay too, then gets in.
    const fresh = await login(owner.email, PASSWORD, '10.2.0.1');
    const seconds = expectWait(fresh, 6, 8);
    expect(fresh.body.message).toBe(`Trop de tentatives, veuillez réessayer dans ${seconds} secondes.`);
    await ageBucket(`login:account:${owner.email}`, 9);
    expect((await login(owner.email, PASSWORD, '10.2.0.1')).status).toBe(200);
  });

  it('slows only the account at the failing address; other accounts behind it sign in', async () => {
    const target = await person();
    const colleague = await person();
    for (let i = 0; i < 5; i++)
      expect((await login(target.email, 'Wrong-guess-1', '10.3.0.1')).status).toBe(422);
    // Four more failures there: 2^(9-5) = 16 s before the next try, whatever the password.
    await arrangeFailures(`login:account-ip:${target.email}|10.3.0.1`, 4, 0);
    expectWait(await login(target.email, 'Wrong-guess-1', '10.3.0.1'), 14, 16);

    expect((await login(colleague.email, PASSWORD, '10.3.0.1')).status).toBe(200);
    expect((await login(target.email, PASSWORD, '10.3.0.2')).status).toBe(200);
    const slowed = await login(target.email, PASSWORD, '10.3.0.1', 'en');
    const seconds = expectWait(slowed, 14, 16);
    expect(slowed.body.message).toBe(`Too many attempts, please try again in ${seconds} seconds.`);
  });

  it('holds an address with 100 failures whatever the account, and says until when', async () => {
    const someone = await person();
    await arrangeFailures('login:ip:10.4.0.1', 100, 60);
    const held = await login(someone.email, PASSWORD, '10.4.0.1', 'pt');
    expectWait(held, 838, 840);
    expect(held.body.message).toBe('Demasiadas tentativas, tente novamente dentro de 14 minutos.');
    expect((await login(someone.email, PASSWORD, '10.4.0.2')).status).toBe(200);
  });

  it("clears the account's failures on a successful reset", async () => {
    const owner = await person();
    for (let i = 1; i <= 10; i++)
      expect((await login(owner.email, 'Wrong-guess-1', `10.5.1.${i}`)).status).toBe(422);
    // The owner mistyped at their own address too.
    await arrangeFailures(`login:account-ip:${owner.email}|10.5.0.9`, 9, 0);
    expectWait(await login(owner.email, PASSWORD, '10.5.0.9'), 14, 16);

    t.mails.length = 0;
    await t.request({ method: 'POST', url: '/api/password-resets', payload: { email: owner.email } });
    const token = t.mails
      .find((m) => m.to === owner.email)!
      .link!.split('/')
      .pop()!;
    const newPassword = 'Pluie-sur-Brest-2031';
    const reset = await t.request({
      method: 'PUT',
      url: '/api/passwords',
      payload: { token, password: newPassword, password_confirmation: newPassword },
    });
    expect(reset.status).toBe(200);

    expect((await login(owner.email, newPassword, '10.5.0.9')).status).toBe(200);
    expect((await login(owner.email, newPassword, '10.5.0.10')).status).toBe(200);
    if (kind === 'database') {
      const left = await t.database.db
        .select()
        .from(rateLimitHits)
        .where(and(like(rateLimitHits.bucket, `login:account%${owner.email}%`)));
      expect(left).toEqual([]);
    }
  });
});
