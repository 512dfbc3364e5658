import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptInvitationMail } from '../../../test/invitations';
import { buildPortalsWorld, type PortalsWorld } from '../../../test/portals-world';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accountingFirms, holdings } from '../../db/schema';

let t: TestApp;
let w: PortalsWorld;
const token: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  w = await buildPortalsWorld(t);
  for (const who of ['superadmin', 'expert', 'client'] as const) token[who] = w.tokens[who];
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, who = 'superadmin') =>
  t.request({ method, url, token: token[who], payload });
const firmCount = async () =>
  Number((await t.database.db.select({ n: count() }).from(accountingFirms))[0]!.n);
const holdingCount = async () => Number((await t.database.db.select({ n: count() }).from(holdings))[0]!.n);
const portal = (name: string, extra: object = {}) => ({
  name,
  admin: {
    email: `${name.toLowerCase().replace(/\W+/g, '-')}@firm.test`,
    firstname: 'Alice',
    lastname: 'Leader',
  },
  ...extra,
});

describe('GET /api/sa/accounting-firms', () => {
  it('lists every portal by name with its holding and counts, and searches', async () => {
    const res = await call('GET', '/api/sa/accounting-firms');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ current_page: 1, per_page: 25, total: 2, last_page: 1 });
    expect(res.body.data.map((f: { name: string }) => f.name)).toEqual(['Cabinet Centre', 'Cabinet Nord']);
    expect(res.body.data[0]).toMatchObject({
      domain: 'localhost',
      holding: { name: w.holding.name },
      vendor_count: 3,
      deactivated_at: null,
      module_keys: expect.arrayContaining(['documents']),
    });
    expect(res.body.data[0].member_count).toBeGreaterThanOrEqual(2);
    const nord = await call('GET', '/api/sa/accounting-firms?search=NORD');
    expect(nord.body.data.map((f: { name: string }) => f.name)).toEqual(['Cabinet Nord']);
    expect((await call('GET', '/api/sa/accounting-firms?search=%25')).body.total).toBe(0);
  });
});

describe('POST /api/sa/accounting-firms', () => {
  it('creates a portal in a new holding whose invited administrator signs in and finds it ready', async () => {
    t.mails.length = 0;
    const res = await call(
      'POST',
      '/api/sa/accounting-firms',
      portal('Cabinet Sud', {
        domain: 'Sud.Example.FR',
        welcome_message: 'Bienvenue au Cabinet Sud',
        holding_name: 'Groupe Sud',
        module_keys: ['documents', 'tasks'],
      }),
    );
    expect(res.status).toBe(201);
    const firm = res.body.data;
    expect(firm).toMatchObject({
      name: 'Cabinet Sud',
      domain: 'sud.example.fr',
      welcome_message: 'Bienvenue au Cabinet Sud',
      holding: { name: 'Groupe Sud' },
      member_count: 1,
      vendor_count: 0,
    });
    expect([...firm.module_keys].sort()).toEqual(['documents', 'tasks']);

    expect(t.mails).toHaveLength(1);
    expect(t.mails[0]!.to).toBe('cabinet-sud@firm.test');
    const link = t.mails[0]!.link!;
    const created = await t.request({
      method: 'POST',
      url: '/api/passwords',
      payload: {
        token: link.split('/').pop(),
        password: 'Sud-portal-2026',
        password_confirmation: 'Sud-portal-2026',
        cgu: true,
      },
    });
    expect(created.status).toBeLessThan(300);
    const admin = await t.signIn('cabinet-sud@firm.test', 'Sud-portal-2026');
    const firms = await t.request({ method: 'GET', url: '/api/users/me/accounting-firms', token: admin });
    expect(firms.body.data).toEqual([
      expect.objectContaining({ id: firm.id, name: 'Cabinet Sud', is_accountant_admin: true }),
    ]);
    const terms = await t.request({
      method: 'GET',
      url: `/api/terms?accounting_firm_id=${firm.id}&locale=en`,
    });
    expect(terms.body.data).toMatchObject({ version: 1, locale: 'en' });
    const home = await t.request({ method: 'GET', url: '/api/', headers: { host: 'sud.example.fr' } });
    expect(home.body.data.accounting_firm).toMatchObject({
      id: firm.id,
      welcome_message: 'Bienvenue au Cabinet Sud',
    });
  });

  it('invites an existing account as the administrator, who administers once they accept, in an existing holding', async () => {
    t.mails.length = 0;
    const groups = (await call('GET', '/api/sa/holdings')).body.data as { id: number; name: string }[];
    const group = groups.find((g) => g.name === w.holding.name)!;
    const res = await call('POST', '/api/sa/accounting-firms', {
      name: 'Cabinet Est',
      holding_id: group.id,
      admin: { email: w.people.collab.email.toUpperCase(), firstname: 'Claude', lastname: 'Collab' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.holding).toEqual({ id: group.id, name: w.holding.name });
    // The account is collab's own: an invitation to accept, nothing of the account in the answer.
    expect(t.mails.map((m) => [m.to, m.subject])).toEqual([
      [w.people.collab.email, 'Invitation à rejoindre Cabinet Est'],
    ]);
    const collab = w.tokens.collab;
    const firmsOfCollab = async () =>
      (await t.request({ method: 'GET', url: '/api/users/me/accounting-firms', token: collab })).body
        .data as { name: string; is_accountant_admin: boolean }[];
    expect((await firmsOfCollab()).map((f) => f.name)).not.toContain('Cabinet Est');
    await acceptInvitationMail(t, w.people.collab.email);
    expect((await firmsOfCollab()).find((f) => f.name === 'Cabinet Est')?.is_accountant_admin).toBe(true);
    const holdingsAfter = (await call('GET', '/api/sa/holdings')).body.data as {
      name: string;
      firm_count: number;
    }[];
    expect(holdingsAfter.find((g) => g.name === w.holding.name)?.firm_count).toBe(3);
  });

  it('refuses a used domain, an unknown module or holding, and bad fields, creating nothing', async () => {
    const before = { firms: await firmCount(), holdings: await holdingCount() };
    t.mails.length = 0;
    const taken = await call(
      'POST',
      '/api/sa/accounting-firms',
      portal('Cabinet Doublon', { domain: 'LOCALHOST', holding_name: 'Groupe Doublon' }),
    );
    expect(taken.status).toBe(422);
    expect(taken.body).toMatchObject({
      code: 'domain-already-exists',
      errors: { domain: [expect.any(String)] },
    });
    const module = await call(
      'POST',
      '/api/sa/accounting-firms',
      portal('Cabinet X', { module_keys: ['nope'] }),
    );
    expect(module.body.errors.module_keys).toBeDefined();
    const holding = await call(
      'POST',
      '/api/sa/accounting-firms',
      portal('Cabinet Y', { holding_id: 999_999 }),
    );
    expect(holding.body.errors.holding_id).toBeDefined();
    const both = await call(
      'POST',
      '/api/sa/accounting-firms',
      portal('Cabinet Z', { holding_id: 1, holding_name: 'G' }),
    );
    expect(both.body.errors.holding_name).toBeDefined();
    const domain = await call(
      'POST',
      '/api/sa/accounting-firms',
      portal('Cabinet W', { domain: 'https://w.fr:443' }),
    );
    expect(domain.body.errors.domain).toEqual([
      'Nom de domaine invalide (par exemple cabinet.example.fr, sans https:// ni port).',
    ]);
    const fields = await call('POST', '/api/sa/accounting-firms', { name: ' ', admin: { email: 'nope' } });
    expect(Object.keys(fields.body.errors)).toEqual(
      expect.arrayContaining(['name', 'admin.email', 'admin.firstname', 'admin.lastname']),
    );
    expect({ firms: await firmCount(), holdings: await holdingCount() }).toEqual(before);
    expect(t.mails).toHaveLength(0);
  });
});

describe('PATCH, deactivate and restore', () => {
  it('edits a portal and its modules, closes it to its users and reopens it', async () => {
    const created = (
      await call('POST', '/api/sa/accounting-firms', portal('Cabinet Ouest', { domain: 'ouest.test' }))
    ).body.data;
    const url = `/api/sa/accounting-firms/${created.id}`;
    const edited = await call('PATCH', url, { name: 'Cabinet Ouest & Associés', module_keys: ['documents'] });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      name: 'Cabinet Ouest & Associés',
      module_keys: ['documents'],
      domain: 'ouest.test',
    });
    const taken = await call('PATCH', url, { domain: 'nord.localhost' });
    expect(taken.body.code).toBe('domain-already-exists');
    expect((await call('GET', url)).body.data.domain).toBe('ouest.test');

    const closed = await call('POST', `${url}/deactivate`);
    expect(closed.body.data.deactivated_at).not.toBeNull();
    expect((await t.request({ method: 'GET', url: `/api/?accounting_firm_id=${created.id}` })).status).toBe(
      404,
    );
    const listed = async (query: string) =>
      (
        (await call('GET', `/api/sa/accounting-firms?search=Ouest${query}`)).body.data as { id: number }[]
      ).map((f) => f.id);
    expect(await listed('')).toEqual([]);
    expect(await listed('&include_deactivated=true')).toEqual([created.id]);

    // Closed to its own people: the Cabinet Est administrator (collab) loses its team and files.
    const est = (
      (await call('GET', '/api/sa/accounting-firms?search=Est')).body.data as { id: number }[]
    )[0]!;
    const collab = w.tokens.collab;
    const team = () =>
      t.request({ method: 'GET', url: `/api/accounting-firms/${est.id}/members`, token: collab });
    expect((await team()).status).toBe(200);
    await call('POST', `/api/sa/accounting-firms/${est.id}/deactivate`);
    expect((await team()).status).toBe(404);
    const collabFirms = await t.request({
      method: 'GET',
      url: '/api/users/me/accounting-firms',
      token: collab,
    });
    expect(collabFirms.body.data.map((f: { name: string }) => f.name)).not.toContain('Cabinet Est');
    await call('POST', `/api/sa/accounting-firms/${est.id}/restore`);
    expect((await team()).status).toBe(200);

    // ...and a deactivated portal's client files close too.
    const nord = (
      (await call('GET', '/api/sa/accounting-firms?search=Nord')).body.data as { id: number }[]
    )[0]!;
    const expert = token.expert;
    const nordVendors = await t.request({
      method: 'GET',
      url: `/api/users/me/accounting-firms/${nord.id}/vendors`,
      token: expert,
    });
    const vendorUrl = `/api/vendors/${nordVendors.body.data[0].id}`;
    expect((await t.request({ method: 'GET', url: vendorUrl, token: expert })).status).toBe(200);
    await call('POST', `/api/sa/accounting-firms/${nord.id}/deactivate`);
    expect((await t.request({ method: 'GET', url: vendorUrl, token: expert })).status).toBe(404);
    await call('POST', `/api/sa/accounting-firms/${nord.id}/restore`);
    expect((await t.request({ method: 'GET', url: vendorUrl, token: expert })).status).toBe(200);

    const reopened = await call('POST', `${url}/restore`);
    expect(reopened.body.data.deactivated_at).toBeNull();
    expect((await t.request({ method: 'GET', url: `/api/?accounting_firm_id=${created.id}` })).status).toBe(
      200,
    );
    expect((await call('GET', '/api/sa/accounting-firms/999999')).status).toBe(404);
  });
});

describe('access', () => {
  it('answers 404 to everyone but the super admin (even a firm or holding administrator), 401 without a token', async () => {
    for (const who of ['expert', 'client']) {
      expect((await call('GET', '/api/sa/accounting-firms', undefined, who)).status).toBe(404);
      expect((await call('GET', '/api/sa/accounting-firms/1', undefined, who)).status).toBe(404);
      expect((await call('POST', '/api/sa/accounting-firms', portal(`Cabinet ${who}`), who)).status).toBe(
        404,
      );
      expect((await call('GET', '/api/sa/modules', undefined, who)).status).toBe(404);
    }
    expect((await t.request({ method: 'GET', url: '/api/sa/holdings' })).status).toBe(401);
    const modules = (await call('GET', '/api/sa/modules')).body.data as { key: string }[];
    expect(modules.map((m) => m.key)).toContain('documents');
  });
});
