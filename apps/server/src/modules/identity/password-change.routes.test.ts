import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPasswordToken, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { passwordTokens, rateLimitHits } from '../../db/schema';

/**
 * An account belongs to its owner: changing the password needs the current one and tells the
 * person by mail; a new password (change or reset) spends every link mailed before it and ends
 * every session.
 */
const PASSWORD = TEST_PASSWORD;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const person = async (locale: 'fr' | 'en' | 'pt' | null = null) =>
  (await buildUser(t.database.db, { firstname: 'Léa', lastname: 'Martin', locale })).user;
const login = (email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/login', payload: { email, password } });
const me = (token: string) => t.request({ method: 'GET', url: '/api/users/me', token });
const change = (token: string, payload: object, remoteAddress?: string) =>
  t.request({ method: 'POST', url: '/api/change_password', token, payload, remoteAddress });
const tokenInfo = (token: string) => t.request({ method: 'GET', url: `/api/password-resets?token=${token}` });
const submitReset = (token: string, password: string) =>
  t.request({
    method: 'PUT',
    url: '/api/passwords',
    payload: { token, password, password_confirmation: password },
  });
async function mailedResetLink(email: string): Promise<string> {
  t.mails.length = 0;
  await t.request({ method: 'POST', url: '/api/password-resets', payload: { email } });
  return t.mails
    .find((m) => m.to === email)!
    .link!.split('/')
    .pop()!;
}

describe('POST /api/change_password', () => {
  it('needs the current password: a bearer token alone changes nothing', async () => {
    const user = await person();
    const token = await t.signIn(user.email);
    const next = 'Voyage-a-Lisbonne-77';

    const without = await change(token, { password: next, password_confirmation: next });
    expect(without.status).toBe(422);
    expect(without.body.errors).toEqual({ current_password: ['Requis.'] });
    const wrong = await change(token, {
      current_password: 'Not-my-password-9',
      password: next,
      password_confirmation: next,
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('invalid-credentials');
    expect(wrong.body.errors).toEqual({ current_password: ['Mot de passe actuel incorrect.'] });
    const extra = await change(token, {
      current_password: PASSWORD,
      password: next,
      password_confirmation: next,
      email: 'x@y.z',
    });
    expect(extra.status).toBe(422);
    expect(extra.body.errors).toEqual({ email: ['Champ inconnu.'] });

    expect((await me(token)).status).toBe(200);
    expect((await login(user.email, PASSWORD)).status).toBe(200);
    expect((await login(user.email, next)).status).toBe(422);
  });

  it('changes it with the current password, ends every session and mails the person in their language', async () => {
    const user = await person('en');
    const first = await t.signIn(user.email);
    const second = await t.signIn(user.email);
    t.mails.length = 0;
    const next = 'Voyage-a-Lisbonne-77';
    const ok = await change(first, {
      current_password: PASSWORD,
      password: next,
      password_confirmation: next,
    });
    expect(ok.status).toBe(200);
    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    expect((await login(user.email, next)).status).toBe(200);
    expect(t.mails).toHaveLength(1);
    expect(t.mails[0]).toMatchObject({ to: user.email, subject: 'Your password was changed' });
    expect(t.mails[0]!.text).toContain(`The password of your account ${user.email}`);
    expect(t.mails[0]!.text).toContain('http://portal.test/reset-password');
  });

  it('counts wrong current passwords like failed sign-ins (a stolen token cannot guess it)', async () => {
    const user = await person();
    const token = await t.signIn(user.email);
    const ip = '10.7.0.1';
    const guess = (current: string) =>
      change(
        token,
        {
          current_password: current,
          password: 'Voyage-a-Lisbonne-77',
          password_confirmation: 'Voyage-a-Lisbonne-77',
        },
        ip,
      );
    for (let i = 0; i < 5; i++) expect((await guess(`Guess-number-${i}`)).status).toBe(422);
    const failures = await t.database.db
      .select()
      .from(rateLimitHits)
      .where(eq(rateLimitHits.bucket, `login:account-ip:${user.email}|${ip}`));
    expect(failures).toHaveLength(5);
    // Four more there: the next try waits 16 s, the right password too.
    await t.database.db
      .insert(rateLimitHits)
      .values(Array.from({ length: 4 }, () => ({ bucket: `login:account-ip:${user.email}|${ip}` })));
    const held = await guess(PASSWORD);
    expect(held.status).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThanOrEqual(14);
    expect((await login(user.email, PASSWORD)).status).toBe(200);
  });
});

describe('a new password spends the links mailed before it', () => {
  it('two reset mails: using the first makes the second worthless', async () => {
    const user = await person();
    const firstLink = await mailedResetLink(user.email);
    const secondLink = await mailedResetLink(user.email);
    expect((await tokenInfo(secondLink)).status).toBe(200);

    expect((await submitReset(firstLink, 'Voyage-a-Lisbonne-77')).status).toBe(200);
    const info = await tokenInfo(secondLink);
    expect(info.status).toBe(422);
    expect(info.body.code).toBe('invalid-token');
    const again = await submitReset(secondLink, 'Autre-voyage-a-Porto-88');
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('invalid-token');
    expect((await login(user.email, 'Voyage-a-Lisbonne-77')).status).toBe(200);
  });

  it('a password change spends every outstanding reset link, and a reset mails the person too', async () => {
    const user = await person('pt');
    const link = await mailedResetLink(user.email);
    const token = await t.signIn(user.email);
    const next = 'Voyage-a-Lisbonne-77';
    expect(
      (await change(token, { current_password: PASSWORD, password: next, password_confirmation: next }))
        .status,
    ).toBe(200);
    expect((await tokenInfo(link)).status).toBe(422);
    expect((await submitReset(link, 'Autre-voyage-a-Porto-88')).status).toBe(422);

    const resetLink = await mailedResetLink(user.email);
    t.mails.length = 0;
    expect((await submitReset(resetLink, 'Autre-voyage-a-Porto-88')).status).toBe(200);
    expect(t.mails.map((m) => [m.to, m.subject])).toEqual([[user.email, 'A sua palavra-passe foi alterada']]);
  });

  it('creating a password from one invitation spends the others', async () => {
    const { user } = await buildUser(t.database.db, { passwordHash: null });
    const first = await buildPasswordToken(t.database.db, { user, purpose: 'invite' });
    const second = await buildPasswordToken(t.database.db, { user, purpose: 'invite' });
    const created = await t.request({
      method: 'POST',
      url: '/api/passwords',
      payload: {
        token: first.token,
        password: 'Voyage-a-Lisbonne-77',
        password_confirmation: 'Voyage-a-Lisbonne-77',
        cgu: true,
      },
    });
    expect(created.status).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.id, second.passwordToken.id));
    expect(row!.usedAt).not.toBeNull();
    expect((await tokenInfo(second.token)).status).toBe(422);
  });
});
