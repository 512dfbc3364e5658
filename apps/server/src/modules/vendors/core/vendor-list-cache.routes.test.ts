import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFirm, buildFirmMember, buildVendor, type FactoryDb } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/test-app';

// The firm's client list is answered from the firm's cached reads (ctx.reads): every change it
// shows must reach the very next read.
let t: TestApp;
let token: string;
let collab: string;
let firmId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db as FactoryDb;
  const { firm } = await buildFirm(db);
  firmId = firm.id;
  // Client files already there, so the list the cache answers is not empty.
  for (let i = 0; i < 3; i++) await buildVendor(db, { firm });
  token = await t.signIn((await buildFirmMember(db, { firm, role: 'admin' })).user.email);
  collab = await t.signIn((await buildFirmMember(db, { firm })).user.email);
}, 60_000);
afterAll(() => t.close());

const list = async (who = token) => {
  const res = await t.request({
    method: 'GET',
    url: `/api/accounting-firms/${firmId}/vendors?per_page=100`,
    token: who,
  });
  expect(res.status).toBe(200);
  return res.body as { data: { id: number; company: string; status: string }[]; total: number };
};

describe("the firm's cached client list follows every change at once", () => {
  it('a client file created, renamed and assigned', async () => {
    const before = await list();
    const created = await t.request({
      method: 'POST',
      url: `/api/accounting-firms/${firmId}/vendors`,
      token,
      payload: {
        company: 'Cache Nouveau',
        corporate_name: 'Cache Nouveau SARL',
        client_code: 'CACHE01',
        identifier_type: 'other',
        identifier: 'CACHE-1',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    const after = await list();
    expect(after.total).toBe(before.total + 1);
    expect(after.data.map((v) => v.company)).toContain('Cache Nouveau');
    const renamed = await t.request({
      method: 'PATCH',
      url: `/api/vendors/${id}`,
      token,
      payload: { company: 'Cache Renommé' },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await list()).data.find((v) => v.id === id)?.company).toBe('Cache Renommé');
    // A collaborator sees only their client files: the new one once assigned.
    expect((await list(collab)).data.map((v) => v.id)).not.toContain(id);
    const me = (await t.request({ method: 'GET', url: '/api/users/me', token: collab })).body.data;
    const assigned = await t.request({
      method: 'PUT',
      url: `/api/accounting-firms/${firmId}/members/${me.id}/assignments`,
      token,
      payload: { assignments: [{ vendor_id: id, read_only: false }] },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect((await list(collab)).data.map((v) => v.id)).toContain(id);
  });
});
