import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type FactoryDb, TEST_PASSWORD } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { sessions } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signInFrom(email: string, userAgent: string) {
  const res = await t.request({
    method: 'POST',
    url: '/api/login',
    headers: { 'user-agent': userAgent },
    payload: { email, password: TEST_PASSWORD },
  });
  expect(res.status).toBe(200);
  return res.body.data as { access_token: string; refresh_token: string };
}

type Row = { id: number; browser: string; first_seen_at: string; last_seen_at: string };
const HOUR = 3_600_000;

describe('signed-in devices', () => {
  it('show each session when it began and when it was last used', async () => {
    const db = t.database.db as FactoryDb;
    const { user } = await buildUser(db);
    await signInFrom(user.email, FIREFOX);
    // The first device signed in three days ago, the second one day ago.
    await db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '3 days'` })
      .where(eq(sessions.userId, user.id));
    const phone = await signInFrom(user.email, SAFARI);
    await db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '1 day'` })
      .where(sql`${sessions.userId} = ${user.id} AND ${sessions.createdAt} > now() - interval '1 hour'`);
    // The phone renews its tokens now: the same session, used again.
    const renewed = await t.request({
      method: 'GET',
      url: `/api/autologin?refresh_token=${phone.refresh_token}`,
      headers: { 'user-agent': SAFARI },
    });
    expect(renewed.status).toBe(200);

    const res = await t.request({
      method: 'GET',
      url: '/api/users/me/sessions',
      token: renewed.body.data.access_token,
    });
    expect(res.status).toBe(200);
    const rows = res.body.data as Row[];
    expect(rows).toHaveLength(2);
    const ago = (iso: string) => Date.now() - Date.parse(iso);
    const laptop = rows.find((r) => r.browser === 'Firefox')!;
    const mobile = rows.find((r) => r.browser === 'Safari')!;
    expect(ago(laptop.first_seen_at)).toBeGreaterThan(71 * HOUR);
    expect(ago(laptop.last_seen_at)).toBeGreaterThan(71 * HOUR);
    expect(ago(mobile.first_seen_at)).toBeGreaterThan(23 * HOUR);
    expect(ago(mobile.first_seen_at)).toBeLessThan(25 * HOUR);
    expect(ago(mobile.last_seen_at)).toBeLessThan(HOUR);
    expect(mobile.first_seen_at).not.toBe(laptop.first_seen_at);
  });
});
