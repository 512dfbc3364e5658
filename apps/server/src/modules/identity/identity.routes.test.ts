import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClientUser,
  buildFirmMember,
  buildUser,
  type FactoryDb,
  TEST_PASSWORD,
  type User,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { sessions } from '../../db/schema';
import { hashToken } from '../../platform/auth/tokens';

let t: TestApp;
/** A firm administrator, a collaborator, a client user and a person invited as a guest. */
const people = {} as Record<'expert' | 'collab' | 'client' | 'guest', User>;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db as FactoryDb;
  ({ user: people.expert } = await buildFirmMember(db, { role: 'admin' }));
  ({ user: people.collab } = await buildFirmMember(db));
  ({ user: people.client } = await buildClientUser(db, {
    role: 'admin',
    user: (await buildUser(db, { firstname: 'Marie' })).user,
  }));
  ({ user: people.guest } = await buildClientUser(db, { role: 'guest' }));
});
afterAll(() => t.close());

describe('POST /api/login', () => {
  it('answers a token pair for good credentials', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: people.expert.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.token_type).toBe('Bearer');
    expect(res.body.data.access_token).toMatch(/^[\w-]{43}$/);
    const me = await t.request({ method: 'GET', url: '/api/users/me', token: res.body.data.access_token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      email: people.expert.email,
      is_accountant: true,
      profile_complete: true,
    });
  });

  it('answers 422 with the spec message for a wrong password, in the requested language', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/login',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
      payload: { email: people.client.email, password: 'wrong-password' },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'Invalid email/password combination.',
      code: 'invalid-credentials',
      errors: { email: ['Invalid email/password combination.'] },
    });
  });

  it('lists bad fields in French by default', async () => {
    const res = await t.request({ method: 'POST', url: '/api/login', payload: { email: 'not-an-email' } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation-failed');
    expect(res.body.errors.email).toEqual(['Adresse e-mail invalide.']);
    expect(res.body.errors.password).toEqual(['Requis.']);
  });

  it('keeps no lock after failures: the right password still signs in (throttling: sign-in-throttle.routes.test.ts)', async () => {
    const attempt = (password: string) =>
      t.request({ method: 'POST', url: '/api/login', payload: { email: people.guest.email, password } });
    for (let i = 0; i < 3; i++) expect((await attempt('nope-nope')).status).toBe(422);
    expect((await attempt(TEST_PASSWORD)).status).toBe(200);
  });
});

describe('tokens', () => {
  it('answers 401 without a token and with an unknown one', async () => {
    const missing = await t.request({ method: 'GET', url: '/api/users/me' });
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe('token-missing');
    const unknown = await t.request({ method: 'GET', url: '/api/users/me', token: 'x'.repeat(43) });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('token-expired');
  });

  it('rotates the refresh token and revokes the family when a rotated one is reused', async () => {
    const login = await t.request({
      method: 'POST',
      url: '/api/login',
      payload: { email: people.collab.email, password: TEST_PASSWORD },
    });
    const first = login.body.data;
    const refreshed = await t.request({
      method: 'GET',
      url: `/api/autologin?refresh_token=${first.refresh_token}`,
    });
    expect(refreshed.status).toBe(200);
    const second = refreshed.body.data;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(
      (await t.request({ method: 'GET', url: '/api/users/me', token: second.access_token })).status,
    ).toBe(200);
    // The old access token stops working once rotated.
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: first.access_token })).status).toBe(
      401,
    );

    // Past the grace in which a second tab gets the same pair (refresh-grace.routes.test.ts).
    await t.database.db
      .update(sessions)
      .set({ replacedAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.refreshTokenHash, hashToken(first.refresh_token)));
    const replay = await t.request({
      method: 'GET',
      url: `/api/autologin?refresh_token=${first.refresh_token}`,
    });
    expect(replay.status).toBe(401);
    // The whole family is revoked, including the newest pair.
    expect(
      (await t.request({ method: 'GET', url: '/api/users/me', token: second.access_token })).status,
    ).toBe(401);
    const again = await t.request({
      method: 'GET',
      url: `/api/autologin?refresh_token=${second.refresh_token}`,
    });
    expect(again.status).toBe(401);
  });

  it('logout revokes the session', async () => {
    const token = await t.signIn(people.expert.email);
    expect((await t.request({ method: 'GET', url: '/api/logout', token })).status).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/users/me', token })).status).toBe(401);
  });
});

describe('PATCH /api/users/me', () => {
  it('refuses unknown fields like every other route, and changes nothing', async () => {
    const token = await t.signIn(people.client.email);
    const patch = (payload: object) => t.request({ method: 'PATCH', url: '/api/users/me', token, payload });
    const res = await patch({ firstname: 'Mallory', is_super_admin: true, email: 'mallory@evil.test' });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation-failed');
    expect(res.body.errors).toEqual({ is_super_admin: ['Champ inconnu.'] });
    const me = await t.request({ method: 'GET', url: '/api/users/me', token });
    expect(me.body.data).toMatchObject({
      firstname: 'Marie',
      email: people.client.email,
      is_super_admin: false,
    });
    expect((await patch({ firstname: 'Marie' })).status).toBe(200);
  });
});
