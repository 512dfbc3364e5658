import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/startup/seed/demo';
import { createTestApp, type TestApp } from './test-app';

/**
 * The demo data set itself (README: demo accounts), now that no rules test starts from it: every
 * account signs in with the demo password and finds the portals and client files its role says.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

const firmsOf = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/users/me/accounting-firms', token })).body.data as {
    id: number;
    name: string;
    is_accountant_admin: boolean;
  }[];
const filesOf = async (token: string, firmId: number) =>
  (
    (await t.request({ method: 'GET', url: `/api/users/me/accounting-firms/${firmId}/vendors`, token })).body
      .data as { client_code: string; role: string }[]
  ).map((v) => `${v.client_code} ${v.role}`);

describe('the demo data', () => {
  it('lets every demo account sign in with the demo password', async () => {
    for (const { email } of DEMO_ACCOUNTS)
      expect(await t.signIn(email, DEMO_PASSWORD)).toMatch(/^[\w-]{43}$/);
  });

  it('gives each account the access the README names', async () => {
    const token = Object.fromEntries(
      await Promise.all(DEMO_ACCOUNTS.map(async (a) => [a.email.split('@')[0], await t.signIn(a.email)])),
    ) as Record<'superadmin' | 'expert' | 'collab' | 'client' | 'guest', string>;
    const expert = await firmsOf(token.expert);
    expect(expert.map((f) => [f.name, f.is_accountant_admin])).toEqual([
      ['Cabinet Démo', true],
      ['Cabinet Nord', true],
    ]);
    const demo = expert[0]!.id;
    expect(await filesOf(token.collab, demo)).toHaveLength(2);
    expect(await filesOf(token.client, demo)).toEqual(['BOUL01 admin']);
    expect(await filesOf(token.guest, demo)).toEqual(['BOUL01 guest']);
    const me = await t.request({ method: 'GET', url: '/api/users/me', token: token.superadmin });
    expect(me.body.data.is_super_admin).toBe(true);
    const home = await t.request({ method: 'GET', url: '/api/', headers: { host: 'localhost' } });
    expect(home.body.data.accounting_firm.name).toBe('Cabinet Démo');
  });
});
