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

  it('gives the demo portals a starter catalogue a mission of Boulangerie Martin is made from', async () => {
    const token = await t.signIn('expert@demo.test', DEMO_PASSWORD);
    const demo = (await firmsOf(token))[0]!.id;
    const services = await t.request({
      method: 'GET',
      url: `/api/accounting-firms/${demo}/catalog/services?per_page=100`,
      token,
    });
    const titles = services.body.data.map((s: { title: string }) => s.title);
    expect(titles).toEqual(
      expect.arrayContaining(['TVA mensuelle CA3', 'TVA trimestrielle', 'Bulletins de paie']),
    );
    const offers = await t.request({
      method: 'GET',
      url: `/api/accounting-firms/${demo}/catalog/offers`,
      token,
    });
    expect(offers.body.data.map((o: { name: string }) => o.name).sort()).toEqual([
      'Pack TPE',
      'Pack création',
    ]);
    const files = await t.request({
      method: 'GET',
      url: `/api/users/me/accounting-firms/${demo}/vendors`,
      token,
    });
    const martin = files.body.data.find((v: { client_code: string }) => v.client_code === 'BOUL01').id;
    const vat = services.body.data.find((s: { title: string }) => s.title === 'TVA mensuelle CA3').id;
    const year = new Date().getFullYear() - 1;
    const mission = await t.request({
      method: 'POST',
      url: `/api/vendors/${martin}/missions`,
      token,
      payload: {
        name: 'TVA',
        start_date: `${year}-01-01`,
        end_date: `${year}-12-31`,
        services: [{ service_id: vat }],
      },
    });
    expect(mission.status).toBe(201);
    const signed = await t.request({
      method: 'POST',
      url: `/api/vendors/${martin}/missions/${mission.body.data.id}/sign`,
      token,
      payload: {},
    });
    expect(signed.body.data.occurrences.length).toBeGreaterThan(0);
    expect(signed.body.data.occurrences[0].subtask_count).toBe(3);
  });
});
