import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TEST_PASSWORD } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { sessions } from '../../db/schema';
import { hashToken } from '../../platform/auth/tokens';

/**
 * Two tabs refresh with the same refresh token at once: the second gets the pair the first got,
 * within a short grace; a rotated token presented after the grace still revokes its family.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signIn() {
  const { user } = await buildUser(t.database.db);
  const res = await t.request({
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  expect(res.status).toBe(200);
  return res.body.data as { access_token: string; refresh_token: string };
}
const refresh = (token: string) => t.request({ method: 'GET', url: `/api/autologin?refresh_token=${token}` });
const me = (token: string) => t.request({ method: 'GET', url: '/api/users/me', token });

/** Moves the rotation of `refreshToken` `seconds` into the past (the grace is 30 s). */
async function ageRotation(refreshToken: string, seconds: number) {
  await t.database.db
    .update(sessions)
    .set({ replacedAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(sessions.refreshTokenHash, hashToken(refreshToken)));
}

describe('refresh token rotation grace', () => {
  it('answers the same new pair to two tabs refreshing one after the other', async () => {
    const first = await signIn();
    const tabA = await refresh(first.refresh_token);
    expect(tabA.status).toBe(200);
    const tabB = await refresh(first.refresh_token);
    expect(tabB.status).toBe(200);
    expect(tabB.body.data).toEqual(tabA.body.data);
    expect((await me(tabA.body.data.access_token)).status).toBe(200);
    // The shared pair goes on rotating normally.
    const next = await refresh(tabA.body.data.refresh_token);
    expect(next.status).toBe(200);
    expect((await me(next.body.data.access_token)).status).toBe(200);
  });

  it('answers the same pair to two refreshes sent at once', async () => {
    const first = await signIn();
    const [a, b] = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.data).toEqual(a.body.data);
    expect((await me(a.body.data.access_token)).status).toBe(200);
  });

  it('still revokes the family when a rotated token comes back after the grace', async () => {
    const first = await signIn();
    const second = (await refresh(first.refresh_token)).body.data;
    await ageRotation(first.refresh_token, 31);
    const replay = await refresh(first.refresh_token);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('token-expired');
    expect((await me(second.access_token)).status).toBe(401);
    expect((await refresh(second.refresh_token)).status).toBe(401);
  });

  it('gives nothing within the grace once the session was signed out', async () => {
    const first = await signIn();
    const second = (await refresh(first.refresh_token)).body.data;
    expect((await t.request({ method: 'GET', url: '/api/logout', token: second.access_token })).status).toBe(
      200,
    );
    expect((await refresh(first.refresh_token)).status).toBe(401);
  });

  it('keeps no usable token in clear: the stored pair opens only with the old refresh token', async () => {
    const first = await signIn();
    const second = (await refresh(first.refresh_token)).body.data;
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, await meId(second)));
    const stored = JSON.stringify(rows);
    for (const token of [first.refresh_token, second.access_token, second.refresh_token]) {
      expect(stored).not.toContain(token);
    }
  });
});

async function meId(tokens: { access_token: string }): Promise<number> {
  return (await me(tokens.access_token)).body.data.id;
}
