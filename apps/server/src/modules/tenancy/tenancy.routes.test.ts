import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPortalsWorld, type PortalsWorld } from '../../../test/portals-world';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { vendorMemberships, vendors } from '../../db/schema';

type Firm = {
  id: number;
  name: string;
  domain: string | null;
  is_accountant: boolean;
  is_accountant_admin: boolean;
};
type Vendor = { id: number; client_code: string; role: string; read_only: boolean; status: string };
type Module = { key: string };

let t: TestApp;
let w: PortalsWorld;
let tokens: Record<string, string> = {};
const firm = { demo: 0, nord: 0 };
const vendor: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  w = await buildPortalsWorld(t);
  tokens = w.tokens;
  firm.demo = w.firms.centre.id;
  firm.nord = w.firms.nord.id;
  for (const [code, file] of Object.entries(w.files)) vendor[code] = file.id;
});
afterAll(() => t.close());

function get(url: string, who?: string) {
  return t.request({ method: 'GET', url, token: who ? tokens[who] : undefined });
}
const firmsOf = async (who: string, query = '') =>
  (await get(`/api/users/me/accounting-firms${query}`, who)).body.data as Firm[];
const vendorsOf = async (who: string, firmId: number, query = '') =>
  (await get(`/api/users/me/accounting-firms/${firmId}/vendors${query}`, who)).body.data as Vendor[];
const codes = (list: Vendor[]) => list.map((v) => v.client_code);

/** Arranges a client membership's end date (no API sets it yet). */
async function setRevokedAt(user: { id: number }, code: string, revokedAt: string | null) {
  await t.database.db
    .update(vendorMemberships)
    .set({ revokedAt })
    .where(and(eq(vendorMemberships.userId, user.id), eq(vendorMemberships.vendorId, vendor[code]!)));
}
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('GET /api/users/me/accounting-firms', () => {
  it('lists both firms for the expert, as admin and group admin', async () => {
    const firms = await firmsOf('expert');
    expect(firms.map((f) => f.name)).toEqual(['Cabinet Centre', 'Cabinet Nord']);
    for (const f of firms) {
      expect(f).toMatchObject({ is_accountant: true, is_accountant_admin: true, is_group_admin: true });
    }
    expect(firms[0]).toMatchObject({ domain: 'localhost', holding_id: expect.any(Number) });
    expect(firms[1]!.domain).toBe('nord.localhost');
  });

  it('lists only Cabinet Centre for the collaborator, not as admin', async () => {
    expect(await firmsOf('collab')).toEqual([
      expect.objectContaining({
        id: firm.demo,
        is_accountant: true,
        is_accountant_admin: false,
        is_group_admin: false,
      }),
    ]);
  });

  it.each(['client', 'guest'])('lists Cabinet Centre for %s as a client user', async (who) => {
    expect(await firmsOf(who)).toEqual([
      expect.objectContaining({ id: firm.demo, is_accountant: false, is_accountant_admin: false }),
    ]);
  });

  it('lists every firm for the super admin', async () => {
    const firms = await firmsOf('superadmin');
    expect(firms.map((f) => f.id).sort()).toEqual([firm.demo, firm.nord].sort());
    expect(firms.every((f) => !f.is_accountant)).toBe(true);
  });

  it('filters on accountant and puts the active domain first', async () => {
    expect(await firmsOf('client', '?accountant=true')).toEqual([]);
    expect((await firmsOf('client', '?accountant=false')).map((f) => f.id)).toEqual([firm.demo]);
    expect(await firmsOf('expert', '?accountant=0')).toEqual([]);
    expect(await firmsOf('expert', '?accountant=1')).toHaveLength(2);
    expect((await firmsOf('expert', '?active_domain=nord.localhost')).map((f) => f.name)).toEqual([
      'Cabinet Nord',
      'Cabinet Centre',
    ]);
    expect((await firmsOf('expert', '?active_domain=NORD.localhost'))[0]!.name).toBe('Cabinet Nord');
    expect((await firmsOf('expert', '?active_domain=localhost'))[0]!.name).toBe('Cabinet Centre');
    expect((await get('/api/users/me/accounting-firms?accountant=maybe', 'expert')).status).toBe(422);
    expect((await get('/api/users/me/accounting-firms')).status).toBe(401);
  });
});

describe('GET /api/users/me/accounting-firms/{id}/vendors', () => {
  it('lists every client file to the firm admin', async () => {
    const demo = await vendorsOf('expert', firm.demo);
    expect(codes(demo)).toEqual(['BOUL01', 'FLE01', 'GAR01']);
    expect(demo.every((v) => v.role === 'accountant' && !v.read_only)).toBe(true);
    expect(codes(await vendorsOf('expert', firm.nord))).toEqual(['TRN01']);
  });

  it('lists only assigned client files to the collaborator, with their access', async () => {
    const list = await vendorsOf('collab', firm.demo);
    expect(list.map((v) => [v.client_code, v.role, v.read_only])).toEqual([
      ['BOUL01', 'accountant', false],
      ['GAR01', 'accountant', true],
    ]);
  });

  it('lists the client files of client users with their role', async () => {
    expect(await vendorsOf('client', firm.demo)).toEqual([
      expect.objectContaining({ client_code: 'BOUL01', role: 'admin', read_only: false }),
    ]);
    expect(await vendorsOf('guest', firm.demo)).toEqual([
      expect.objectContaining({ client_code: 'BOUL01', role: 'guest', read_only: true }),
    ]);
  });

  it("follows a rename and the client's role on the very next read (kept with the firm's cached reads)", async () => {
    expect(codes(await vendorsOf('client', firm.demo))).toEqual(['BOUL01']);
    const rename = (company: string) =>
      t.request({
        method: 'PATCH',
        url: `/api/vendors/${vendor.BOUL01}`,
        token: tokens.expert,
        payload: { company },
      });
    const original = (await vendorsOf('client', firm.demo))[0]! as Vendor & { company: string };
    try {
      expect((await rename('Boulangerie Renommée')).status).toBe(200);
      expect((await vendorsOf('client', firm.demo))[0]).toMatchObject({ company: 'Boulangerie Renommée' });
    } finally {
      expect((await rename(original.company)).status).toBe(200);
    }
    expect((await vendorsOf('client', firm.demo))[0]).toMatchObject({ company: original.company });
    const client = w.people.client;
    const setRole = (role: 'admin' | 'guest') =>
      t.database.db
        .update(vendorMemberships)
        .set({ role })
        .where(and(eq(vendorMemberships.userId, client.id), eq(vendorMemberships.vendorId, vendor.BOUL01!)));
    await setRole('guest');
    try {
      await t.app.settleAccess();
      expect((await vendorsOf('client', firm.demo))[0]).toMatchObject({ role: 'guest', read_only: true });
    } finally {
      await setRole('admin');
      await t.app.settleAccess();
    }
    expect((await vendorsOf('client', firm.demo))[0]).toMatchObject({ role: 'admin', read_only: false });
  });

  it('answers 404 for a firm the user has nothing in, or that does not exist', async () => {
    for (const [who, id] of [
      ['collab', firm.nord],
      ['client', firm.nord],
      ['guest', firm.nord],
      ['expert', 999_999],
    ] as const) {
      const res = await get(`/api/users/me/accounting-firms/${id}/vendors`, who);
      expect(res.status, `${who} ${id}`).toBe(404);
      expect(res.body).toEqual({ message: 'Ressource inconnue', code: 'not-found' });
    }
    expect((await get('/api/users/me/accounting-firms/abc/vendors', 'expert')).status).toBe(422);
    expect((await get(`/api/users/me/accounting-firms/${firm.demo}/vendors`)).status).toBe(401);
  });

  it('filters by search on name, client code and SIRET', async () => {
    expect(codes(await vendorsOf('expert', firm.demo, '?search=garage'))).toEqual(['GAR01']);
    expect(codes(await vendorsOf('expert', firm.demo, '?search=fle0'))).toEqual(['FLE01']);
    expect(codes(await vendorsOf('collab', firm.demo, '?search=fleurs'))).toEqual([]);
    const siret = (await vendorsOf('expert', firm.demo)).find((v) => v.client_code === 'BOUL01') as Vendor & {
      siret: string;
    };
    expect(codes(await vendorsOf('expert', firm.demo, `?search=${siret.siret}`))).toEqual(['BOUL01']);
    // LIKE wildcards are taken literally.
    expect(await vendorsOf('expert', firm.demo, '?search=%25')).toEqual([]);
    expect(await vendorsOf('expert', firm.demo, '?search=_')).toEqual([]);
  });

  it('lists a deactivated client file last to accountants and hides it from its client users', async () => {
    const set = (status: 'active' | 'deactivated') =>
      t.database.db.update(vendors).set({ status }).where(eq(vendors.id, vendor.BOUL01!));
    await set('deactivated');
    try {
      const expert = await vendorsOf('expert', firm.demo);
      expect(expert.map((v) => [v.client_code, v.status])).toEqual([
        ['FLE01', 'active'],
        ['GAR01', 'active'],
        ['BOUL01', 'deactivated'],
      ]);
      expect(codes(await vendorsOf('collab', firm.demo))).toEqual(['GAR01', 'BOUL01']);
      const client = await get(`/api/users/me/accounting-firms/${firm.demo}/vendors`, 'client');
      expect(client.body.data ?? []).toEqual([]);
      expect((await get(`/api/vendors/${vendor.BOUL01}/roles`, 'client')).status).toBe(404);
    } finally {
      await set('active');
    }
    expect(codes(await vendorsOf('collab', firm.demo))).toEqual(['BOUL01', 'GAR01']);
  });
});

describe('GET /api/vendors/{id}/roles', () => {
  const roles = (code: string, who: string) => get(`/api/vendors/${vendor[code]}/roles`, who);

  it('answers accountant for an assigned collaborator, read-only as assigned', async () => {
    const rw = await roles('BOUL01', 'collab');
    expect(rw.status).toBe(200);
    expect(rw.body.data).toMatchObject({
      vendor_id: vendor.BOUL01,
      accounting_firm_id: firm.demo,
      role: 'accountant',
      read_only: false,
    });
    const keys = (rw.body.data.modules as Module[]).map((m) => m.key);
    expect(keys).toContain('customers');
    expect(keys).not.toContain('service-requests');
    expect((await roles('GAR01', 'collab')).body.data).toMatchObject({ role: 'accountant', read_only: true });
    expect((await roles('TRN01', 'expert')).body.data).toMatchObject({
      role: 'accountant',
      read_only: false,
    });
  });

  it('answers 404 for a client file the user cannot reach', async () => {
    for (const [code, who] of [
      ['FLE01', 'collab'],
      ['TRN01', 'collab'],
      ['GAR01', 'client'],
      ['TRN01', 'guest'],
    ] as const) {
      const res = await roles(code, who);
      expect(res.status, `${who} ${code}`).toBe(404);
      expect(res.body).toEqual({ message: 'Ressource inconnue', code: 'not-found' });
    }
    expect((await get('/api/vendors/999999/roles', 'expert')).status).toBe(404);
    expect((await get('/api/vendors/0/roles', 'expert')).status).toBe(422);
    expect((await get('/api/vendors/abc/roles')).status).toBe(401);
  });

  it('answers the client roles with the client modules', async () => {
    const admin = await roles('BOUL01', 'client');
    expect(admin.body.data).toMatchObject({ role: 'admin', read_only: false, accounting_firm_id: firm.demo });
    const keys = (admin.body.data.modules as Module[]).map((m) => m.key);
    expect(keys).toContain('service-requests');
    expect(keys).not.toContain('customers');
    expect(keys).not.toContain('holding');
    expect((await roles('BOUL01', 'guest')).body.data).toMatchObject({ role: 'guest', read_only: true });
  });

  it("follows a change of the firm's modules on the very next read (they are cached with the firm's reads)", async () => {
    const keysOf = async (code: string, who: string) =>
      ((await roles(code, who)).body.data.modules as Module[]).map((m) => m.key).sort();
    const before = { firm: await keysOf('BOUL01', 'collab'), client: await keysOf('BOUL01', 'client') };
    const portal = (await get(`/api/sa/accounting-firms/${firm.demo}`, 'superadmin')).body.data;
    const edit = (module_keys: string[]) =>
      t.request({
        method: 'PATCH',
        url: `/api/sa/accounting-firms/${firm.demo}`,
        token: tokens.superadmin,
        payload: { module_keys },
      });
    try {
      expect((await edit(['documents'])).status).toBe(200);
      expect(await keysOf('BOUL01', 'collab')).not.toEqual(before.firm);
      expect(await keysOf('BOUL01', 'client')).not.toEqual(before.client);
      expect(await keysOf('BOUL01', 'client')).not.toContain('service-requests');
    } finally {
      expect((await edit(portal.module_keys)).status).toBe(200);
    }
    expect(await keysOf('BOUL01', 'collab')).toEqual(before.firm);
    expect(await keysOf('BOUL01', 'client')).toEqual(before.client);
  });

  it('ends a client membership on its revocation date', async () => {
    await setRevokedAt(w.people.client, 'BOUL01', dayOffset(30));
    try {
      expect((await roles('BOUL01', 'client')).status).toBe(200);
      await setRevokedAt(w.people.client, 'BOUL01', dayOffset(-1));
      expect((await roles('BOUL01', 'client')).status).toBe(404);
      expect(await firmsOf('client')).toEqual([]);
      expect((await get(`/api/users/me/accounting-firms/${firm.demo}/vendors`, 'client')).status).toBe(404);
    } finally {
      await setRevokedAt(w.people.client, 'BOUL01', null);
    }
    expect((await roles('BOUL01', 'client')).status).toBe(200);
  });
});

describe('GET /api/accounting-firms/{id}/modules', () => {
  const modules = (id: number, who?: string) => get(`/api/accounting-firms/${id}/modules`, who);

  it('answers the accountant modules to the firm members', async () => {
    for (const who of ['expert', 'collab', 'superadmin']) {
      const res = await modules(firm.demo, who);
      expect(res.status, who).toBe(200);
      const keys = (res.body.data as Module[]).map((m) => m.key);
      expect(keys[0]).toBe('home');
      expect(keys).toContain('customers');
      expect(keys).not.toContain('quickfolders');
    }
    expect((await modules(firm.nord, 'expert')).status).toBe(200);
  });

  it('refuses client users and members of other firms', async () => {
    // A client user of the firm is no member of it: 404, like any firm out of reach.
    const client = await modules(firm.demo, 'client');
    expect(client.status).toBe(404);
    expect(client.body.code).toBe('not-found');
    expect((await modules(firm.demo, 'guest')).status).toBe(404);
    expect((await modules(firm.nord, 'collab')).status).toBe(404);
    expect((await modules(999_999, 'expert')).status).toBe(404);
    expect((await modules(firm.demo)).status).toBe(401);
  });
});
