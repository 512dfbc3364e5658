import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSecondApp } from '../../../test/second-app';
import { buildTaskWorld, day, type TaskWorld } from '../../../test/task-world';
import { createTestApp, type TestApp } from '../../../test/test-app';

// The task lists and counters are answered from a per-firm cache (ctx.reads): every change they
// show must reach the caller's very next read, whatever made it.
let t: TestApp;
let w: TaskWorld;
let firstId: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildTaskWorld(t);
  firstId = await create('Première', { due_date: day(-1) });
}, 60_000);
afterAll(() => t.close());

async function create(title: string, extra: object = {}) {
  const res = await t.request({
    method: 'POST',
    url: '/api/tasks',
    token: w.tokens.admin,
    payload: { title, type: 'information_request', status: 'to_do', vendor_id: w.alpha.id, ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

const read = async (app: { inject: FastifyInstance['inject'] }, url: string, token: string) => {
  const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const list = (token = w.tokens.collab, app: { inject: FastifyInstance['inject'] } = t.app) =>
  read(app, `/api/tasks?accounting_firm_id=${w.firm.id}`, token);
const counters = async (token = w.tokens.collab, app: { inject: FastifyInstance['inject'] } = t.app) =>
  (await read(app, `/api/tasks/counters?accounting_firm_id=${w.firm.id}`, token)).data;
const titles = (body: { data: { title: string }[] }) => body.data.map((r) => r.title);

describe('cached task lists follow every change at once', () => {
  it('a task created, edited and deleted', async () => {
    const before = await counters();
    await list();
    const id = await create('Nouvelle demande');
    expect(titles(await list())).toContain('Nouvelle demande');
    expect((await counters()).to_do).toBe(before.to_do + 1);
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/tasks/${id}`,
      token: w.tokens.admin,
      payload: { status: 'in_progress' },
    });
    expect(patched.status).toBe(200);
    expect((await counters()).in_progress).toBe(before.in_progress + 1);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/tasks/${id}`, token: w.tokens.admin })).status,
    ).toBe(200);
    expect(titles(await list())).not.toContain('Nouvelle demande');
    expect(await counters()).toEqual(before);
  });

  it("the client file's new name", async () => {
    await list();
    const res = await t.request({
      method: 'PATCH',
      url: `/api/vendors/${w.alpha.id}`,
      token: w.tokens.admin,
      payload: { company: 'Alpha Renommée' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = (await list()).data.find((r: { id: number }) => r.id === firstId);
    expect(row.company).toBe('Alpha Renommée');
  });

  it('an assignment taken away', async () => {
    expect(titles(await list())).toContain('Première');
    const removed = await t.request({
      method: 'PUT',
      url: `/api/accounting-firms/${w.firm.id}/members/${w.people.collab.id}/assignments`,
      token: w.tokens.admin,
      payload: { assignments: [] },
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(titles(await list())).toEqual([]);
    expect((await counters()).total).toBe(0);
    const back = await t.request({
      method: 'PUT',
      url: `/api/accounting-firms/${w.firm.id}/members/${w.people.collab.id}/assignments`,
      token: w.tokens.admin,
      payload: { assignments: [{ vendor_id: w.alpha.id, read_only: false }] },
    });
    expect(back.status).toBe(200);
    expect(titles(await list())).toContain('Première');
  });

  it('keeps one caller’s answer from another: a client sees no internal task', async () => {
    const internal = await create('Note interne', { type: 'internal', internal: true });
    expect(titles(await list(w.tokens.collab))).toContain('Note interne');
    expect(titles(await list(w.tokens.client))).not.toContain('Note interne');
    await t.request({ method: 'DELETE', url: `/api/tasks/${internal}`, token: w.tokens.admin });
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two server processes on one PostgreSQL', () => {
  const other = useSecondApp(() => t);

  // The other process drops its answers when PostgreSQL delivers the notification to it, which
  // is not ordered with the writer's answer: within moments (the writer's own process, at once).
  it('a task created on one is in the list and counters of the other within moments', async () => {
    const before = await counters(w.tokens.collab, other());
    await list(w.tokens.collab, other());
    await create('Vue par les deux');
    const started = Date.now();
    while (
      !titles(await list(w.tokens.collab, other())).includes('Vue par les deux') &&
      Date.now() - started < 1000
    )
      await new Promise((r) => setTimeout(r, 5));
    expect(Date.now() - started).toBeLessThan(500);
    expect((await counters(w.tokens.collab, other())).to_do).toBe(before.to_do + 1);
  });
});
