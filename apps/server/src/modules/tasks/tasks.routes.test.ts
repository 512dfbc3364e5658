import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTask, buildVendor } from '../../../test/factories';
import { buildTaskWorld, type TaskWorld } from '../../../test/task-world';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { taskDependencies, tasks, vendors } from '../../db/schema';

let t: TestApp;
let w: TaskWorld;
const events: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  w = await buildTaskWorld(t);
  for (const name of ['task.created', 'task.updated', 'task.done', 'task.deleted'] as const) {
    t.events.on(name, (e) => void events.push(`${name}:${e.taskId}`));
  }
}, 60_000);
afterAll(() => t.close());

const create = (token: string, payload: object) =>
  t.request({ method: 'POST', url: '/api/tasks', token, payload });
const patch = (token: string, id: number, payload: object) =>
  t.request({ method: 'PATCH', url: `/api/tasks/${id}`, token, payload });
const minimal = (vendorId: number, title = `T${Math.random()}`) => ({
  title,
  type: 'firm_task',
  status: 'to_do',
  vendor_id: vendorId,
});

describe('creating, reading, changing and deleting a task', () => {
  it('creates one from title, type, status and client file, then reads, changes and deletes it', async () => {
    const res = await create(w.tokens.collab, minimal(w.alpha.id, 'Bilan 2025'));
    expect(res.status).toBe(201);
    const task = res.body.data;
    expect(task).toMatchObject({
      title: 'Bilan 2025',
      vendor_id: w.alpha.id,
      company: 'Alpha SARL',
      internal: false,
      parent_id: null,
      member_ids: [],
      depends_on_ids: [],
      created_by: w.people.collab.id,
    });
    expect(events).toContain(`task.created:${task.id}`);
    const read = await t.request({ method: 'GET', url: `/api/tasks/${task.id}`, token: w.tokens.client });
    expect(read.body.data.title).toBe('Bilan 2025');
    const done = await patch(w.tokens.collab, task.id, { status: 'done', note: 'Fait.' });
    expect(done.body.data).toMatchObject({ status: 'done', note: 'Fait.' });
    expect(done.body.data.completed_at).not.toBeNull();
    expect(events).toContain(`task.updated:${task.id}`);
    expect(events).toContain(`task.done:${task.id}`);
    const gone = await t.request({ method: 'DELETE', url: `/api/tasks/${task.id}`, token: w.tokens.collab });
    expect(gone.status).toBe(200);
    expect(events).toContain(`task.deleted:${task.id}`);
    expect(
      (await t.request({ method: 'GET', url: `/api/tasks/${task.id}`, token: w.tokens.collab })).status,
    ).toBe(404);
  });

  it('refuses an empty title, an invalid date and an unknown field with the fields in error', async () => {
    const res = await create(w.tokens.collab, {
      ...minimal(w.alpha.id),
      title: '  ',
      due_date: '2026-02-30',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['due_date', 'title']);
    const extra = await create(w.tokens.collab, { ...minimal(w.alpha.id), colour: 'red' });
    expect(extra.status).toBe(422);
  });

  it('makes the internal type internal, and a sub-task of an internal task too', async () => {
    const parent = (await create(w.tokens.collab, { ...minimal(w.alpha.id), type: 'internal' })).body.data;
    expect(parent.internal).toBe(true);
    const child = await create(w.tokens.collab, { ...minimal(w.alpha.id), parent_id: parent.id });
    expect(child.body.data.internal).toBe(true);
  });
});

describe('rules', () => {
  it('keeps sub-task titles unique under one parent (any case), one level deep, in the same client file', async () => {
    const parent = (await create(w.tokens.collab, minimal(w.alpha.id))).body.data;
    const sub = { ...minimal(w.alpha.id, 'Relevés'), parent_id: parent.id };
    expect((await create(w.tokens.collab, sub)).status).toBe(201);
    const dup = await create(w.tokens.collab, { ...sub, title: 'RELEVÉS' });
    expect(dup.status).toBe(422);
    expect(dup.body.code).toBe('task-title-already-used');
    expect(dup.body.errors.title).toBeDefined();
    // The same title elsewhere is fine.
    expect((await create(w.tokens.collab, minimal(w.alpha.id, 'Relevés'))).status).toBe(201);
    const child = (await t.request({ method: 'GET', url: `/api/tasks/${parent.id}`, token: w.tokens.collab }))
      .body.data.subtasks[0];
    const deeper = await create(w.tokens.collab, { ...minimal(w.alpha.id), parent_id: child.id });
    expect(deeper.body.code).toBe('task-invalid-parent');
    const elsewhere = await create(w.tokens.admin, { ...minimal(w.beta.id), parent_id: parent.id });
    expect(elsewhere.body.code).toBe('task-invalid-parent');
    const renamed = await patch(w.tokens.collab, child.id, { title: 'relevés' });
    expect(renamed.status).toBe(200);
  });

  it('refuses dependencies on another client file, cycles, and starting before they are done', async () => {
    const a = (await create(w.tokens.admin, minimal(w.alpha.id))).body.data;
    const b = (await create(w.tokens.admin, { ...minimal(w.alpha.id), depends_on_ids: [a.id] })).body.data;
    expect(b.depends_on_ids).toEqual([a.id]);
    const other = (await create(w.tokens.admin, minimal(w.beta.id))).body.data;
    const far = await patch(w.tokens.admin, b.id, { depends_on_ids: [a.id, other.id] });
    expect(far.body.code).toBe('task-dependency-other-vendor');
    const foreign = await buildTask(w.db, { vendor: w.otherVendor });
    const ghost = await patch(w.tokens.admin, b.id, { depends_on_ids: [foreign.task.id] });
    expect(ghost.status).toBe(422);
    expect(ghost.body.errors.depends_on_ids).toBeDefined();
    expect((await patch(w.tokens.admin, a.id, { depends_on_ids: [b.id] })).body.code).toBe(
      'task-dependency-cycle',
    );
    expect((await patch(w.tokens.admin, a.id, { depends_on_ids: [a.id] })).body.code).toBe(
      'task-dependency-cycle',
    );
    const c = (await create(w.tokens.admin, { ...minimal(w.alpha.id), depends_on_ids: [b.id] })).body.data;
    expect((await patch(w.tokens.admin, a.id, { depends_on_ids: [c.id] })).body.code).toBe(
      'task-dependency-cycle',
    );
    const early = await patch(w.tokens.admin, b.id, { status: 'in_progress' });
    expect(early.body.code).toBe('task-dependencies-not-done');
    expect(early.body.errors.status).toBeDefined();
    const born = await create(w.tokens.admin, {
      ...minimal(w.alpha.id),
      status: 'done',
      depends_on_ids: [a.id],
    });
    expect(born.body.code).toBe('task-dependencies-not-done');
    await patch(w.tokens.admin, a.id, { status: 'done' });
    expect((await patch(w.tokens.admin, b.id, { status: 'in_progress' })).status).toBe(200);
  });

  it('gives no dependency to a task with sub-tasks, and no sub-task to a task with dependencies', async () => {
    const a = (await create(w.tokens.admin, minimal(w.alpha.id))).body.data;
    const parent = (await create(w.tokens.admin, minimal(w.alpha.id))).body.data;
    await create(w.tokens.admin, { ...minimal(w.alpha.id), parent_id: parent.id });
    const res = await patch(w.tokens.admin, parent.id, { depends_on_ids: [a.id] });
    expect(res.body.code).toBe('task-parent-cannot-depend');
    const waiting = (await create(w.tokens.admin, { ...minimal(w.alpha.id), depends_on_ids: [a.id] })).body
      .data;
    const sub = await create(w.tokens.admin, { ...minimal(w.alpha.id), parent_id: waiting.id });
    expect(sub.body.code).toBe('task-parent-cannot-depend');
  });

  it("takes as members the firm's people and the client file's users, never a client on an internal task", async () => {
    const ok = await create(w.tokens.admin, {
      ...minimal(w.alpha.id),
      member_ids: [w.people.collab.id, w.people.client.id],
    });
    expect(ok.body.data.member_ids).toEqual([w.people.collab.id, w.people.client.id].sort((x, y) => x - y));
    for (const stranger of [w.people.stranger.id, w.people.betaClient.id, 2_147_483_000]) {
      const res = await create(w.tokens.admin, { ...minimal(w.alpha.id), member_ids: [stranger] });
      expect(res.body.code).toBe('task-member-unknown');
    }
    const internal = await create(w.tokens.admin, {
      ...minimal(w.alpha.id),
      internal: true,
      member_ids: [w.people.client.id],
    });
    expect(internal.body.code).toBe('task-member-unknown');
    const turned = await patch(w.tokens.admin, ok.body.data.id, { internal: true });
    expect(turned.body.code).toBe('task-member-unknown');
  });
});

describe('rights', () => {
  let shared: number;
  let internal: number;
  beforeAll(async () => {
    shared = (await buildTask(w.db, { vendor: w.alpha, title: 'Partagée' })).task.id;
    internal = (await buildTask(w.db, { vendor: w.alpha, title: 'Interne', internal: true })).task.id;
  });
  const get = (token: string, id: number) => t.request({ method: 'GET', url: `/api/tasks/${id}`, token });

  it('lets guests read and nothing more', async () => {
    expect((await get(w.tokens.guest, shared)).status).toBe(200);
    expect((await patch(w.tokens.guest, shared, { note: 'x' })).status).toBe(403);
    expect((await create(w.tokens.guest, minimal(w.alpha.id))).status).toBe(403);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/tasks/${shared}`, token: w.tokens.guest })).status,
    ).toBe(403);
  });

  it("shows client users their company's tasks but never internal ones, and lets them change none", async () => {
    expect((await get(w.tokens.client, internal)).status).toBe(404);
    expect((await patch(w.tokens.client, internal, { note: 'x' })).status).toBe(404);
    expect((await patch(w.tokens.client, shared, { note: 'x' })).status).toBe(403);
    expect((await create(w.tokens.client, minimal(w.alpha.id))).status).toBe(403);
    expect((await get(w.tokens.betaClient, shared)).status).toBe(404);
  });

  it('opens a client file’s tasks to the collaborators assigned to it, writing only for read-write ones', async () => {
    expect((await get(w.tokens.unassigned, shared)).status).toBe(404);
    expect((await get(w.tokens.readonly, internal)).status).toBe(200);
    expect((await patch(w.tokens.readonly, shared, { note: 'x' })).status).toBe(403);
    expect((await get(w.tokens.allFiles, shared)).status).toBe(200);
    expect((await create(w.tokens.collab, minimal(w.beta.id))).status).toBe(404);
  });

  it("answers another tenant's ids as unknown ones", async () => {
    for (const token of [w.tokens.stranger]) {
      expect((await get(token, shared)).status).toBe(404);
      expect((await patch(token, shared, { note: 'x' })).status).toBe(404);
      expect((await create(token, minimal(w.alpha.id))).status).toBe(404);
      const list = await t.request({
        method: 'GET',
        url: `/api/tasks?accounting_firm_id=${w.firm.id}`,
        token,
      });
      expect(list.status).toBe(404);
    }
    const foreign = await buildTask(w.db, { vendor: w.otherVendor });
    expect((await get(w.tokens.admin, foreign.task.id)).status).toBe(404);
    expect((await get(w.tokens.admin, 2_147_483_000)).status).toBe(404);
  });
});

describe('a transferred client file', () => {
  it('takes its tasks, sub-tasks, dependencies, members and items along to the new firm', async () => {
    const { vendor } = await buildVendor(w.db, { firm: w.firm });
    const { task: parent } = await buildTask(w.db, {
      vendor,
      members: [w.people.collab.id],
      items: ['Kbis'],
    });
    const { task: child } = await buildTask(w.db, { vendor, parentId: parent.id });
    const { task: next } = await buildTask(w.db, { vendor });
    await w.db.insert(taskDependencies).values({
      accountingFirmId: w.firm.id,
      taskId: next.id,
      dependsOnId: child.id,
    });
    await w.db.update(vendors).set({ accountingFirmId: w.otherFirm.id }).where(eq(vendors.id, vendor.id));
    const moved = await w.db.select().from(tasks).where(eq(tasks.vendorId, vendor.id));
    expect(moved.map((r) => r.accountingFirmId)).toEqual([w.otherFirm.id, w.otherFirm.id, w.otherFirm.id]);
    const read = await t.request({ method: 'GET', url: `/api/tasks/${parent.id}`, token: w.tokens.stranger });
    expect(read.body.data).toMatchObject({
      accounting_firm_id: w.otherFirm.id,
      items_total: 1,
      subtask_count: 1,
    });
    expect(
      (await t.request({ method: 'GET', url: `/api/tasks/${parent.id}`, token: w.tokens.admin })).status,
    ).toBe(404);
  });
});
