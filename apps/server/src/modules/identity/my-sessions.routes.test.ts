import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClientUser,
  buildFirmMember,
  type FactoryDb,
  TEST_PASSWORD,
  type User,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
/** A firm administrator, a collaborator, a client user and a guest of a client file. */
const people = {} as Record<'expert' | 'collab' | 'client' | 'guest', User>;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db as FactoryDb;
  ({ user: people.expert } = await buildFirmMember(db, { role: 'admin' }));
  ({ user: people.collab } = await buildFirmMember(db));
  ({ user: people.client } = await buildClientUser(db, { role: 'admin' }));
  ({ user: people.guest } = await buildClientUser(db, { role: 'guest' }));
});
afterAll(() => t.close());

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const LAPTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

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

const list = (token: string) => t.request({ method: 'GET', url: '/api/users/me/sessions', token });

describe('a person sees and ends their own sessions', () => {
  it('lists each signed-in device once, with browser, system, address and dates, the current one marked', async () => {
    const phone = await signInFrom(people.guest.email, PHONE);
    const laptop = await signInFrom(people.guest.email, LAPTOP);
    // Renewing the laptop's tokens keeps one entry: last seen moves, first seen stays.
    const renewed = await t.request({
      method: 'GET',
      url: `/api/autologin?refresh_token=${laptop.refresh_token}`,
      headers: { 'user-agent': LAPTOP },
    });
    expect(renewed.status).toBe(200);
    const res = await list(renewed.body.data.access_token);
    expect(res.status).toBe(200);
    const mine = res.body.data as {
      id: number;
      browser: string;
      os: string;
      device_type: string;
      current: boolean;
      first_seen_at: string;
      last_seen_at: string;
    }[];
    const laptopRow = mine.find((s) => s.browser === 'Chrome');
    const phoneRow = mine.find((s) => s.browser === 'Safari');
    expect(laptopRow).toMatchObject({ os: 'Windows 10', device_type: 'desktop', current: true });
    expect(phoneRow).toMatchObject({ os: 'iOS 17.5', device_type: 'mobile', current: false });
    expect(mine.filter((s) => s.browser === 'Chrome')).toHaveLength(1);
    expect(Date.parse(laptopRow!.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(laptopRow!.first_seen_at));
    // Seen from the phone, the laptop is the other one.
    const fromPhone = (await list(phone.access_token)).body.data as { id: number; current: boolean }[];
    expect(fromPhone.find((s) => s.id === phoneRow!.id)?.current).toBe(true);
  });

  it('ends one session: its very next request is refused, the others go on', async () => {
    const phone = await signInFrom(people.collab.email, PHONE);
    const laptop = await signInFrom(people.collab.email, LAPTOP);
    const phoneRow = ((await list(laptop.access_token)).body.data as { id: number; browser: string }[]).find(
      (s) => s.browser === 'Safari',
    )!;
    const ended = await t.request({
      method: 'DELETE',
      url: `/api/users/me/sessions/${phoneRow.id}`,
      token: laptop.access_token,
    });
    expect(ended.status).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/users/me', token: phone.access_token })).status).toBe(
      401,
    );
    const refresh = await t.request({
      method: 'GET',
      url: `/api/autologin?refresh_token=${phone.refresh_token}`,
    });
    expect(refresh.status).not.toBe(200);
    expect(
      (await t.request({ method: 'GET', url: '/api/users/me', token: laptop.access_token })).status,
    ).toBe(200);
  });

  it("answers 404 for another person's session, and ends nothing", async () => {
    const victim = await signInFrom(people.client.email, PHONE);
    const victimRow = (
      (await list(victim.access_token)).body.data as { id: number; current: boolean }[]
    ).find((s) => s.current)!;
    const attacker = await signInFrom(people.expert.email, LAPTOP);
    const res = await t.request({
      method: 'DELETE',
      url: `/api/users/me/sessions/${victimRow.id}`,
      token: attacker.access_token,
    });
    expect(res.status).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: '/api/users/me', token: victim.access_token })).status,
    ).toBe(200);
    expect((await list(attacker.access_token)).body.data.map((s: { id: number }) => s.id)).not.toContain(
      victimRow.id,
    );
  });

  it('ends every other session at once, keeping the one asking', async () => {
    const first = await signInFrom(people.expert.email, PHONE);
    const second = await signInFrom(people.expert.email, PHONE);
    const keep = await signInFrom(people.expert.email, LAPTOP);
    const res = await t.request({
      method: 'DELETE',
      url: '/api/users/me/sessions',
      token: keep.access_token,
    });
    expect(res.status).toBe(200);
    for (const gone of [first, second]) {
      expect(
        (await t.request({ method: 'GET', url: '/api/users/me', token: gone.access_token })).status,
      ).toBe(401);
    }
    const left = (await list(keep.access_token)).body.data as { current: boolean }[];
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
  });

  it('refuses a malformed session id with 422', async () => {
    const me = await signInFrom(people.guest.email, LAPTOP);
    const res = await t.request({
      method: 'DELETE',
      url: '/api/users/me/sessions/007',
      token: me.access_token,
    });
    expect(res.status).toBe(422);
  });
});
