import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema';
import { buildAssignment, buildFirmMember, buildPortal, buildUser, buildVendor } from './factories';
import { useSecondApp } from './second-app';
import { createTestApp, type TestApp } from './test-app';

/**
 * Sessions and grants are cached per process (platform/access/access-cache.ts). Whatever takes
 * access away must be refused on the caller's very next request, whichever process serves it.
 */
let t: TestApp;
let firmId: number;
let vendorId: number;
let adminToken: string;
let collabEmail: string;
let collabId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const { firm } = await buildPortal(db);
  firmId = firm.id;
  const { vendor } = await buildVendor(db, { firm });
  vendorId = vendor.id;
  const { user: admin } = await buildFirmMember(db, { firm, role: 'admin' });
  const { user: collab } = await buildFirmMember(db, { firm });
  await buildAssignment(db, { vendor, user: collab });
  collabEmail = collab.email;
  collabId = collab.id;
  adminToken = await t.signIn(admin.email);
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.request({ method: 'GET', url, token });

/** The firm administrator gives the collaborator the client file, or takes it away. */
const assignCollaborator = (assigned: boolean) =>
  t.request({
    method: 'PUT',
    url: `/api/accounting-firms/${firmId}/members/${collabId}/assignments`,
    token: adminToken,
    payload: { assignments: assigned ? [{ vendor_id: vendorId, read_only: false }] : [] },
  });

describe('access taken away is refused on the very next request', () => {
  it('a signed-out session', async () => {
    const token = await t.signIn(collabEmail);
    expect((await get('/api/users/me', token)).status).toBe(200);
    expect((await get('/api/users/me', token)).status).toBe(200);
    expect((await get('/api/logout', token)).status).toBe(200);
    expect((await get('/api/users/me', token)).status).toBe(401);
  });

  it('a removed assignment', async () => {
    const token = await t.signIn(collabEmail);
    expect((await get(`/api/vendors/${vendorId}`, token)).status).toBe(200);
    expect((await get(`/api/vendors/${vendorId}`, token)).status).toBe(200);
    const removed = await assignCollaborator(false);
    expect(removed.status).toBe(200);
    expect((await get(`/api/vendors/${vendorId}`, token)).status).toBe(404);
    // Given back: reachable again at once too.
    await assignCollaborator(true);
    expect((await get(`/api/vendors/${vendorId}`, token)).status).toBe(200);
  });

  it('a deactivated portal', async () => {
    const { user: root } = await buildUser(t.database.db, { isSuperAdmin: true });
    const superAdmin = await t.signIn(root.email);
    const token = await t.signIn(collabEmail);
    expect((await get(`/api/vendors/${vendorId}`, token)).status).toBe(200);
    const off = await t.request({
      method: 'POST',
      url: `/api/sa/accounting-firms/${firmId}/deactivate`,
      token: superAdmin,
    });
    expect(off.status).toBe(200);
    expect((await get(`/api/vendors/${vendorId}`, token)).status).toBe(404);
    expect((await get(`/api/accounting-firms/${firmId}/members`, adminToken)).status).toBe(404);
    await t.request({ method: 'POST', url: `/api/sa/accounting-firms/${firmId}/restore`, token: superAdmin });
    expect((await get(`/api/vendors/${vendorId}`, token)).status).toBe(200);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two server processes on one PostgreSQL', () => {
  const other = useSecondApp(() => t);

  const getOther = async (url: string, token: string) =>
    (await other().inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).statusCode;

  it('a session signed out on one is refused by the other on the next request', async () => {
    const token = await t.signIn(collabEmail);
    expect(await getOther('/api/users/me', token)).toBe(200);
    expect(await getOther('/api/users/me', token)).toBe(200);
    expect((await get('/api/logout', token)).status).toBe(200);
    expect(await getOther('/api/users/me', token)).toBe(401);
  });

  it('an assignment removed on one is refused by the other on the next request', async () => {
    const token = await t.signIn(collabEmail);
    expect(await getOther(`/api/vendors/${vendorId}`, token)).toBe(200);
    const removed = await assignCollaborator(false);
    expect(removed.status).toBe(200);
    expect(await getOther(`/api/vendors/${vendorId}`, token)).toBe(404);
    await assignCollaborator(true);
  });

  it('a session revoked by a script reaches both processes within moments', async () => {
    const token = await t.signIn(collabEmail);
    expect(await getOther('/api/users/me', token)).toBe(200);
    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, collabId));
    const started = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - started < 2000) {
      status = await getOther('/api/users/me', token);
      if (status === 200) await new Promise((r) => setTimeout(r, 5));
    }
    expect(status).toBe(401);
    expect(Date.now() - started).toBeLessThan(500);
  });
});
