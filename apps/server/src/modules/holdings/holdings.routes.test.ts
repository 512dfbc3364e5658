import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClientUser,
  buildDocument,
  buildFirm,
  buildFirmMember,
  buildFolder,
  buildHolding,
  buildHoldingAdmin,
  buildUser,
  buildVendor,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { accountingFirmMemberships, holdingMemberships } from '../../db/schema';

/**
 * The holding area: two holdings (A with portals north and south, B with one portal), a person
 * who administers both holdings, a group admin of A, a plain member of A's north portal.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const ids = {} as Record<
  | 'a'
  | 'b'
  | 'north'
  | 'south'
  | 'far'
  | 'both'
  | 'group'
  | 'member'
  | 'southAdmin'
  | 'vendor'
  | 'farVendor'
  | 'farUser',
  number
>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const { holding: a } = await buildHolding(db, { name: 'Alpha Group' });
  const { holding: b } = await buildHolding(db, { name: 'Bravo Group' });
  const { firm: north } = await buildFirm(db, { holding: a, name: 'North Office' });
  const { firm: south } = await buildFirm(db, { holding: a, name: 'South Office' });
  const { firm: far } = await buildFirm(db, { holding: b, name: 'Far Office' });
  const { user: both } = await buildUser(db, { email: 'both@holding.test', lastname: 'Both' });
  const { user: group } = await buildUser(db, { email: 'group@holding.test', lastname: 'Group' });
  const { user: member } = await buildUser(db, { email: 'member@holding.test', lastname: 'Member' });
  const { user: southAdmin } = await buildUser(db, { email: 'south@holding.test', lastname: 'South' });
  const { user: client } = await buildUser(db, { email: 'client@holding.test' });
  const { user: farUser } = await buildUser(db, { email: 'far@holding.test' });
  await buildFirmMember(db, { firm: far, user: farUser, role: 'admin' });
  await buildHoldingAdmin(db, { holding: a, user: both });
  await buildHoldingAdmin(db, { holding: b, user: both });
  await buildFirmMember(db, { firm: north, user: group, role: 'admin', isGroupAdmin: true });
  await buildFirmMember(db, { firm: north, user: member, role: 'collaborator' });
  await buildFirmMember(db, { firm: south, user: southAdmin, role: 'admin' });
  const { vendor } = await buildVendor(db, { firm: south, company: 'Boulangerie Sud', clientCode: 'SUD01' });
  await buildVendor(db, { firm: north, company: 'Garage Nord', clientCode: 'NORD01' });
  await buildVendor(db, { firm: north, company: 'Ancien Client', status: 'deactivated' });
  const { vendor: farVendor } = await buildVendor(db, { firm: far, company: 'Far Company' });
  await buildClientUser(db, { vendor, user: client, role: 'admin' });
  const { folder } = await buildFolder(db, { vendor });
  await buildDocument(db, { folder, name: 'bilan.pdf', content: 'twelve bytes' });
  Object.assign(ids, {
    a: a.id,
    b: b.id,
    north: north.id,
    south: south.id,
    far: far.id,
    both: both.id,
    group: group.id,
    member: member.id,
    southAdmin: southAdmin.id,
    vendor: vendor.id,
    farVendor: farVendor.id,
    farUser: farUser.id,
  });
  for (const [who, user] of Object.entries({ both, group, member, southAdmin })) {
    tokens[who] = await t.signIn(user.email);
  }
});
afterAll(() => t.close());

const get = (who: string, url: string) => t.request({ method: 'GET', url, token: tokens[who] });

describe('GET /api/users/me/holdings', () => {
  it('lists the holdings one administers or is group admin of, nothing for a plain member', async () => {
    expect((await get('both', '/api/users/me/holdings')).body.data).toEqual([
      { id: ids.a, name: 'Alpha Group', role: 'holding_admin' },
      { id: ids.b, name: 'Bravo Group', role: 'holding_admin' },
    ]);
    expect((await get('group', '/api/users/me/holdings')).body.data).toEqual([
      { id: ids.a, name: 'Alpha Group', role: 'group_admin' },
    ]);
    expect((await get('member', '/api/users/me/holdings')).body.data).toEqual([]);
  });
});

describe('access to the holding routes', () => {
  const routes = (holding: number) => [
    `/api/holdings/${holding}/dash-boards`,
    `/api/holdings/${holding}/accounting-firms`,
    `/api/holdings/${holding}/vendors`,
    `/api/holdings/${holding}/users`,
  ];

  it('opens them to holding admins and group admins', async () => {
    for (const url of routes(ids.a)) {
      expect((await get('both', url)).status).toBe(200);
      expect((await get('group', url)).status).toBe(200);
    }
  });

  it('answers 404 to a member of a portal of the holding without a holding role', async () => {
    for (const url of routes(ids.a)) {
      const res = await get('member', url);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not-found');
    }
  });

  it("answers 404 for another holding's id, and for one that does not exist", async () => {
    for (const url of [...routes(ids.b), ...routes(2_147_483_000)]) {
      expect((await get('group', url)).status).toBe(404);
      expect((await get('southAdmin', url)).status).toBe(404);
    }
  });

  it('answers 422 to a bad id or query', async () => {
    expect((await get('both', '/api/holdings/abc/dash-boards')).status).toBe(422);
    expect((await get('both', `/api/holdings/${ids.a}/vendors?per_page=1000`)).status).toBe(422);
    expect((await get('both', `/api/holdings/${ids.a}/vendors?unknown=1`)).status).toBe(422);
  });
});

describe('the dashboard', () => {
  it('counts per holding and per workspace', async () => {
    const { data } = (await get('both', `/api/holdings/${ids.a}/dash-boards`)).body;
    expect(data.workspaces).toEqual({ active: 2, deactivated: 0 });
    expect(data.vendors).toEqual({ active: 2, deactivated: 1 });
    expect(data.members).toBe(3);
    expect(data.client_users).toBe(1);
    expect(data.documents.count).toBe(1);
    expect(data.documents.bytes).toBe(12);
    expect(data.per_workspace.map((w: { name: string; vendors: number }) => [w.name, w.vendors])).toEqual([
      ['North Office', 2],
      ['South Office', 1],
    ]);
  });

  it('a person in two holdings sees only the one asked', async () => {
    const { data } = (await get('both', `/api/holdings/${ids.b}/dash-boards`)).body;
    expect(data.per_workspace.map((w: { name: string }) => w.name)).toEqual(['Far Office']);
    const vendors = (await get('both', `/api/holdings/${ids.b}/vendors`)).body.data;
    expect(vendors.map((v: { company: string }) => v.company)).toEqual(['Far Company']);
  });
});

describe('customers and workspaces', () => {
  it('lists the client files of every workspace, with search and the workspace filter', async () => {
    const all = (await get('group', `/api/holdings/${ids.a}/vendors`)).body;
    expect(all.total).toBe(2);
    expect(
      all.data.map((v: { company: string; accounting_firm_name: string }) => v.accounting_firm_name),
    ).toEqual(['South Office', 'North Office']);
    const found = (await get('group', `/api/holdings/${ids.a}/vendors?search=sud01`)).body.data;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ id: ids.vendor, users: 1, documents: 1 });
    const withOld = await get(
      'group',
      `/api/holdings/${ids.a}/vendors?include_deactivated=true&accounting_firm_id=${ids.north}`,
    );
    expect(withOld.body.total).toBe(2);
    expect((await get('group', `/api/holdings/${ids.a}/vendors?accounting_firm_id=${ids.far}`)).status).toBe(
      404,
    );
  });

  it("lists the holding's workspaces with search", async () => {
    const res = await get('group', `/api/holdings/${ids.a}/accounting-firms?search=south`);
    expect(res.body.data.map((w: { name: string }) => w.name)).toEqual(['South Office']);
    expect(res.body.data[0].member_count).toBe(1);
  });
});

describe('a workspace', () => {
  const url = (firm: number, action = '') => `/api/holdings/${ids.a}/accounting-firms/${firm}${action}`;

  it('changes its general information; a domain another portal uses answers 422', async () => {
    const res = await t.request({
      method: 'PATCH',
      url: url(ids.south),
      token: tokens.group,
      payload: { welcome_message: 'Bienvenue au Sud', domain: 'sud.holding.test' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ welcome_message: 'Bienvenue au Sud', domain: 'sud.holding.test' });
    const taken = await t.request({
      method: 'PATCH',
      url: url(ids.north),
      token: tokens.group,
      payload: { domain: 'SUD.holding.test' },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.code).toBe('domain-already-exists');
    const empty = await t.request({
      method: 'PATCH',
      url: url(ids.north),
      token: tokens.group,
      payload: { name: ' ' },
    });
    expect(empty.status).toBe(422);
    const far = await t.request({
      method: 'PATCH',
      url: `/api/holdings/${ids.a}/accounting-firms/${ids.far}`,
      token: tokens.both,
      payload: { name: 'Mine' },
    });
    expect(far.status).toBe(404);
    expect((await get('member', url(ids.north))).status).toBe(404);
  });

  it('deactivates and restores it', async () => {
    const off = await t.request({ method: 'POST', url: url(ids.south, '/deactivate'), token: tokens.both });
    expect(off.status).toBe(200);
    expect(off.body.data.deactivated_at).not.toBeNull();
    const listed = await get('both', `/api/holdings/${ids.a}/accounting-firms`);
    expect(listed.body.data.map((w: { name: string }) => w.name)).toEqual(['North Office']);
    const all = await get('both', `/api/holdings/${ids.a}/accounting-firms?include_deactivated=true`);
    expect(all.body.total).toBe(2);
    const on = await t.request({ method: 'POST', url: url(ids.south, '/restore'), token: tokens.both });
    expect(on.body.data.deactivated_at).toBeNull();
  });
});

describe('the team', () => {
  const url = (userId: number, firm?: number) =>
    `/api/holdings/${ids.a}/users/${userId}${firm ? `/workspaces/${firm}` : ''}`;

  it('lists every person with their role per workspace', async () => {
    const people = (await get('group', `/api/holdings/${ids.a}/users`)).body.data;
    const byEmail = Object.fromEntries(people.map((p: { email: string }) => [p.email, p]));
    expect(Object.keys(byEmail).sort()).toEqual(
      ['both@holding.test', 'group@holding.test', 'member@holding.test', 'south@holding.test'].sort(),
    );
    expect(byEmail['both@holding.test'].holding_admin).toBe(true);
    expect(byEmail['group@holding.test'].workspaces).toEqual([
      expect.objectContaining({ accounting_firm_id: ids.north, role: 'admin', is_group_admin: true }),
    ]);
    expect((await get('group', url(ids.farUser))).status).toBe(404);
  });

  it('granting group admin adds the person as collaborator without themes where not a member', async () => {
    const res = await t.request({
      method: 'PUT',
      url: url(ids.member, ids.south),
      token: tokens.both,
      payload: { role: 'collaborator', is_group_admin: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.workspaces).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          accounting_firm_id: ids.south,
          role: 'collaborator',
          is_group_admin: true,
        }),
      ]),
    );
    const [row] = await t.database.db
      .select()
      .from(accountingFirmMemberships)
      .where(
        and(
          eq(accountingFirmMemberships.accountingFirmId, ids.south),
          eq(accountingFirmMemberships.userId, ids.member),
        ),
      );
    expect(row).toMatchObject({ allThemes: false, pending: false });
  });

  it('refuses the group admin flag to a group admin, and one own access to anyone', async () => {
    const flag = await t.request({
      method: 'PUT',
      url: url(ids.southAdmin, ids.north),
      token: tokens.group,
      payload: { role: 'collaborator', is_group_admin: true },
    });
    expect(flag.status).toBe(403);
    const own = await t.request({
      method: 'PUT',
      url: url(ids.group, ids.north),
      token: tokens.group,
      payload: { role: 'collaborator' },
    });
    expect(own.status).toBe(403);
    const ownAdmin = await t.request({
      method: 'PATCH',
      url: url(ids.both),
      token: tokens.both,
      payload: { holding_admin: false },
    });
    expect(ownAdmin.status).toBe(403);
    const ownDelete = await t.request({
      method: 'DELETE',
      url: url(ids.group, ids.north),
      token: tokens.group,
    });
    expect(ownDelete.status).toBe(403);
    expect(ownDelete.body.code).toBe('cannot-delete-own-access');
  });

  it('answers 422 on a bad body and 404 on a portal or person of another holding', async () => {
    const bad = await t.request({
      method: 'PUT',
      url: url(ids.member, ids.north),
      token: tokens.both,
      payload: { role: 'boss' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['role']);
    const extra = await t.request({
      method: 'PATCH',
      url: url(ids.member),
      token: tokens.both,
      payload: { holding_admin: true, is_super_admin: true },
    });
    expect(extra.status).toBe(422);
    const farFirm = await t.request({
      method: 'PUT',
      url: url(ids.member, ids.far),
      token: tokens.both,
      payload: { role: 'collaborator' },
    });
    expect(farFirm.status).toBe(404);
    const farVendor = await t.request({
      method: 'PUT',
      url: url(ids.member, ids.north),
      token: tokens.both,
      payload: { role: 'collaborator', vendor_ids: [ids.farVendor] },
    });
    expect(farVendor.status).toBe(404);
    const farPerson = await t.request({
      method: 'PUT',
      url: url(ids.farUser, ids.north),
      token: tokens.both,
      payload: { role: 'collaborator' },
    });
    expect(farPerson.status).toBe(404);
  });

  it('holding admins give holding-admin access; group admins may not', async () => {
    const byGroup = await t.request({
      method: 'PATCH',
      url: url(ids.southAdmin),
      token: tokens.group,
      payload: { holding_admin: true },
    });
    expect(byGroup.status).toBe(403);
    const byAdmin = await t.request({
      method: 'PATCH',
      url: url(ids.southAdmin),
      token: tokens.both,
      payload: { holding_admin: true },
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data.holding_admin).toBe(true);
    const rows = await t.database.db
      .select()
      .from(holdingMemberships)
      .where(eq(holdingMemberships.userId, ids.southAdmin));
    expect(rows.map((r) => r.holdingId)).toEqual([ids.a]);
  });

  it("removes an access, keeping each workspace's last administrator", async () => {
    const last = await t.request({
      method: 'DELETE',
      url: url(ids.southAdmin, ids.south),
      token: tokens.both,
    });
    expect(last.status).toBe(422);
    const removed = await t.request({
      method: 'DELETE',
      url: url(ids.member, ids.south),
      token: tokens.both,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ removed: true, last_access: false });
    const again = await t.request({ method: 'DELETE', url: url(ids.member, ids.south), token: tokens.both });
    expect(again.status).toBe(404);
  });
});
