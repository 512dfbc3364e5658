import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TEST_PASSWORD } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { rateLimitHits } from '../../db/schema';
import { databaseRateLimiter, type RateLimiter } from '../../platform/rate-limit';

// Issue 24, finding 3: an attacker who has the password cannot reset the second factor's
// throttle by signing in again, nor race it with parallel requests; passwords are counted
// atomically too.
// The counters answer after a network's delay, as a database or Redis under load does: a check
// that reads them before recording lets parallel requests through.
let counters: RateLimiter;
const slow =
  <K extends keyof RateLimiter>(method: K) =>
  async (...args: Parameters<RateLimiter[K]>) => {
    await new Promise((r) => setTimeout(r, 20));
    return (counters[method] as (...a: typeof args) => ReturnType<RateLimiter[K]>)(...args);
  };
const limiter = Object.fromEntries(
  (['hit', 'count', 'reset', 'inspect', 'resetPrefix', 'take', 'forget'] as const).map((m) => [m, slow(m)]),
) as unknown as RateLimiter;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimiter: limiter });
  counters = databaseRateLimiter(t.database.db);
});
afterAll(() => t.close());

const PASSWORD = TEST_PASSWORD;
const codeOf = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset * 30_000 });
/** A code of the secret that no clock near now accepts. */
const wrongCodeOf = (secret: string) => codeOf(secret, 40);

const login = (email: string, ip: string, password = PASSWORD) =>
  t.request({ method: 'POST', url: '/api/login', remoteAddress: ip, payload: { email, password } });
const mfa = (payload: Record<string, unknown>, ip: string) =>
  t.request({ method: 'POST', url: '/api/login/mfa', remoteAddress: ip, payload });

/** A person with a second factor turned on: their id, email and secret. */
async function enrolled() {
  const { user } = await buildUser(t.database.db);
  const token = await t.signIn(user.email);
  const started = await t.request({ method: 'POST', url: '/api/users/me/totp', token });
  const secret = started.body.data.secret as string;
  const confirmed = await t.request({
    method: 'POST',
    url: '/api/users/me/totp/confirm',
    token,
    payload: { code: codeOf(secret) },
  });
  expect(confirmed.status).toBe(200);
  return { id: user.id, email: user.email, secret, token };
}

async function mfaToken(email: string, ip: string): Promise<string> {
  const res = await login(email, ip);
  expect(res.status).toBe(200);
  return res.body.data.mfa_token as string;
}

/** Moves a bucket's events `seconds` into the past (what waiting would do). */
async function ageBucket(bucket: string, seconds: number) {
  await t.database.db
    .update(rateLimitHits)
    .set({ hitAt: sql`${rateLimitHits.hitAt} - make_interval(secs => ${seconds})` })
    .where(eq(rateLimitHits.bucket, bucket));
}

describe('second-factor throttle', () => {
  it('is not reset by entering the right password again', async () => {
    const p = await enrolled();
    const ip = '198.51.100.10';
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      // The password is right every time, and still answers an mfa_token.
      const token = await mfaToken(p.email, ip);
      statuses.push((await mfa({ mfa_token: token, code: wrongCodeOf(p.secret) }, ip)).status);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429, 429, 429]);
    // Even the right code waits (a minute after the fifth failure), from another address too.
    const right = await mfa(
      { mfa_token: await mfaToken(p.email, ip), code: codeOf(p.secret, 1) },
      '198.51.100.11',
    );
    expect(right.status).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(50);
    await ageBucket(`2fa:account:${p.id}`, 61);
    const later = await mfa({ mfa_token: await mfaToken(p.email, ip), code: codeOf(p.secret, 1) }, ip);
    expect(later.status).toBe(200);
    // Failures stay counted for the day: the next wrong code waits two minutes.
    const wrong = await mfa({ mfa_token: await mfaToken(p.email, ip), code: wrongCodeOf(p.secret) }, ip);
    expect(wrong.status).toBe(422);
    const next = await mfa({ mfa_token: await mfaToken(p.email, ip), code: wrongCodeOf(p.secret) }, ip);
    expect(next.status).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(110);
  });

  it('counts the codes of the profile (turning it off, new recovery codes) on the same counter', async () => {
    const p = await enrolled();
    const ip = '198.51.100.20';
    for (let i = 0; i < 5; i++) {
      const res = await t.request({
        method: 'DELETE',
        url: '/api/users/me/totp',
        token: p.token,
        remoteAddress: ip,
        payload: { code: wrongCodeOf(p.secret) },
      });
      expect(res.status).toBe(422);
    }
    expect(
      (await mfa({ mfa_token: await mfaToken(p.email, ip), code: codeOf(p.secret, 1) }, ip)).status,
    ).toBe(429);
  });

  it('lets through at most five of 30 parallel wrong codes on one mfa_token', async () => {
    const p = await enrolled();
    const ip = '198.51.100.30';
    const token = await mfaToken(p.email, ip);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => mfa({ mfa_token: token, code: wrongCodeOf(p.secret) }, ip)),
    );
    const checked = answers.filter((a) => a.status === 422 && a.body.errors?.code);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(25);
  });

  it('spends an mfa_token after five wrong codes: the password must be entered again', async () => {
    const p = await enrolled();
    const ip = '198.51.100.40';
    const token = await mfaToken(p.email, ip);
    for (let i = 0; i < 5; i++)
      expect((await mfa({ mfa_token: token, code: wrongCodeOf(p.secret) }, ip)).status).toBe(422);
    // Past the account's delays, the token itself is used up, even for the right code.
    await ageBucket(`2fa:account:${p.id}`, 2 * 3600);
    const spent = await mfa({ mfa_token: token, code: codeOf(p.secret, 1) }, ip);
    expect(spent.status).toBe(422);
    expect(Object.keys(spent.body.errors)).toEqual(['mfa_token']);
    expect(
      (await mfa({ mfa_token: token, code: codeOf(p.secret, 1) }, ip)).body.errors.mfa_token,
    ).toBeDefined();
    expect(
      (await mfa({ mfa_token: await mfaToken(p.email, ip), code: codeOf(p.secret, 1) }, ip)).status,
    ).toBe(200);
  });
});

describe('password throttle under parallel requests', () => {
  it('checks five of 30 parallel wrong passwords for one account from one address, then one per delay', async () => {
    const { user } = await buildUser(t.database.db);
    const ip = '198.51.100.50';
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => login(user.email, ip, 'Wrong-guess-1')),
    );
    // Checking a password takes time on purpose: while 30 are checked, the delays after the fifth
    // failure (1 s, then 2, 4...) may let one more through each.
    const seconds = (Date.now() - started) / 1000;
    const checked = answers.filter((a) => a.status === 422).length;
    expect(checked).toBeLessThanOrEqual(5 + Math.floor(Math.log2(seconds + 1)));
    expect(answers.filter((a) => a.status === 429).length).toBe(30 - checked);
    // Refused attempts were not counted as failures: five in the window, the owner elsewhere signs in.
    expect((await login(user.email, '198.51.100.51')).status).toBe(200);
  });
});
