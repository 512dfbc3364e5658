import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAssignment, buildFirmMember, buildUser } from '../../../test/factories';
import { buildTaskWorld, day, type TaskWorld } from '../../../test/task-world';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { vendorAssignments } from '../../db/schema';

let t: TestApp;
let w: TaskWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildTaskWorld(t);
}, 60_000);
afterAll(() => t.close());

const get = (url: string, token: string) => t.request({ method: 'GET', url, token });
const adminModeUrl = () => `/api/users/me/accounting-firms/${w.firm.id}/task-admin-mode`;
const setAdminMode = (token: string, admin_mode: boolean) =>
  t.request({ method: 'PUT', url: adminModeUrl(), token, payload: { admin_mode } });

async function titles(token: string, query = '') {
  const res = await get(`/api/tasks?accounting_firm_id=${w.firm.id}${query}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { title: string }[]).map((r) => r.title);
}

async function createTask(token: string, vendorId: number, title: string, extra: object = {}) {
  const res = await t.request({
    method: 'POST',
    url: '/api/tasks',
    token,
    payload: { title, type: 'firm_task', status: 'to_do', vendor_id: vendorId, ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number };
}

/** A firm administrator assigned to Alpha only: their lists start without admin mode. */
async function assignedAdmin() {
  const { user } = await buildUser(w.db);
  await buildFirmMember(w.db, { firm: w.firm, user, role: 'admin' });
  await buildAssignment(w.db, { vendor: w.alpha, user });
  return { user, token: await t.signIn(user.email) };
}

describe('a task the firm administrator just created', () => {
  it('is in their list, counters and home page without admin mode', async () => {
    const admin = await assignedAdmin();
    expect((await get(adminModeUrl(), admin.token)).body.data).toEqual({
      admin_mode: false,
      available: true,
    });
    await createTask(admin.token, w.beta.id, 'Créée sur Beta', { due_date: day(0) });
    expect(await titles(admin.token)).toEqual(['Créée sur Beta']);
    const counters = await get(`/api/tasks/counters?accounting_firm_id=${w.firm.id}`, admin.token);
    expect(counters.body.data.total).toBe(1);
    const home = await get(`/api/home?accounting_firm_id=${w.firm.id}`, admin.token);
    expect(home.body.data.due_today.map((x: { title: string }) => x.title)).toEqual(['Créée sur Beta']);
    // Someone else's task on Beta stays out of their list.
    await createTask(w.tokens.allFiles, w.beta.id, 'Autre sur Beta');
    expect(await titles(admin.token)).toEqual(['Créée sur Beta']);
  });

  it("leaves out a collaborator's created tasks on a client file they no longer open", async () => {
    const { user } = await buildUser(w.db);
    await buildFirmMember(w.db, { firm: w.firm, user });
    await buildAssignment(w.db, { vendor: w.beta, user });
    const token = await t.signIn(user.email);
    await createTask(token, w.beta.id, 'Par le collaborateur');
    // Reassigned elsewhere: the task they created stays, the client file they left does not.
    await buildAssignment(w.db, { vendor: w.alpha, user });
    await w.db
      .delete(vendorAssignments)
      .where(and(eq(vendorAssignments.userId, user.id), eq(vendorAssignments.vendorId, w.beta.id)));
    expect(await titles(token)).not.toContain('Par le collaborateur');
  });
});

describe('admin mode, remembered per person and firm', () => {
  it('is on by default for an administrator assigned to no client file, and is remembered', async () => {
    expect((await get(adminModeUrl(), w.tokens.admin)).body.data).toEqual({
      admin_mode: true,
      available: true,
    });
    await createTask(w.tokens.collab, w.alpha.id, 'Sur Alpha');
    expect(await titles(w.tokens.admin)).toContain('Sur Alpha');
    const off = await setAdminMode(w.tokens.admin, false);
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ admin_mode: false, available: true });
    expect((await get(adminModeUrl(), w.tokens.admin)).body.data.admin_mode).toBe(false);
    expect(await titles(w.tokens.admin)).not.toContain('Sur Alpha');
    // The query still chooses when it says so.
    expect(await titles(w.tokens.admin, '&adminMode=true')).toContain('Sur Alpha');
    // Another administrator's choice is theirs.
    const other = await assignedAdmin();
    expect((await setAdminMode(other.token, true)).status).toBe(200);
    expect(await titles(other.token)).toContain('Sur Alpha');
    expect((await get(adminModeUrl(), w.tokens.admin)).body.data.admin_mode).toBe(false);
    await setAdminMode(w.tokens.admin, true);
    expect(await titles(w.tokens.admin)).toContain('Sur Alpha');
  });

  it('is not for collaborators, client users or other firms', async () => {
    expect((await get(adminModeUrl(), w.tokens.collab)).body.data).toEqual({
      admin_mode: false,
      available: false,
    });
    expect((await setAdminMode(w.tokens.collab, true)).status).toBe(403);
    expect((await get(adminModeUrl(), w.tokens.client)).body.data.available).toBe(false);
    expect((await get(adminModeUrl(), w.tokens.stranger)).status).toBe(404);
    expect((await setAdminMode(w.tokens.stranger, true)).status).toBe(404);
  });
});
