import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTask } from '../../../test/factories';
import { buildTaskWorld, day, type TaskWorld } from '../../../test/task-world';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { tasks } from '../../db/schema';
import { TASK_REMINDER_JOB } from './reminders.service';

let t: TestApp;
let w: TaskWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildTaskWorld(t);
}, 60_000);
afterAll(() => t.close());

const request = (payload: object = {}) =>
  t.request({
    method: 'POST',
    url: '/api/tasks',
    token: w.tokens.collab,
    payload: {
      title: `Demande ${Math.random()}`,
      type: 'information_request',
      status: 'to_do',
      vendor_id: w.alpha.id,
      items: [
        { label: 'Relevés de décembre', kind: 'document' },
        { label: 'Stock au 31/12', kind: 'answer' },
      ],
      ...payload,
    },
  });

describe('items of an information request', () => {
  it('the firm asks item by item, the client answers with text, and what is missing shows', async () => {
    const created = (await request()).body.data;
    expect(created).toMatchObject({ items_total: 2, items_missing: 2 });
    const [, stock] = created.items;
    const answer = await t.request({
      method: 'PUT',
      url: `/api/tasks/${created.id}/items/${stock.id}/answer`,
      token: w.tokens.client,
      payload: { answer: '12 400 €' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ answer: '12 400 €', answered_by: w.people.client.id });
    const read = await t.request({ method: 'GET', url: `/api/tasks/${created.id}`, token: w.tokens.collab });
    expect(read.body.data).toMatchObject({ items_total: 2, items_missing: 1 });
    const added = await t.request({
      method: 'POST',
      url: `/api/tasks/${created.id}/items`,
      token: w.tokens.collab,
      payload: { label: 'Factures fournisseurs' },
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ position: 3, kind: 'answer', answer: null });
    const renamed = await t.request({
      method: 'PATCH',
      url: `/api/tasks/${created.id}/items/${added.body.data.id}`,
      token: w.tokens.collab,
      payload: { label: 'Factures fournisseurs 2025' },
    });
    expect(renamed.body.data.label).toBe('Factures fournisseurs 2025');
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/tasks/${created.id}/items/${added.body.data.id}`,
      token: w.tokens.collab,
    });
    expect(removed.status).toBe(200);
  });

  it('keeps guests and other client files out, and items to information requests', async () => {
    const created = (await request()).body.data;
    const url = `/api/tasks/${created.id}/items/${created.items[0].id}/answer`;
    for (const [token, status] of [
      [w.tokens.guest, 403],
      [w.tokens.betaClient, 404],
      [w.tokens.stranger, 404],
      [w.tokens.readonly, 403],
    ] as const) {
      const res = await t.request({ method: 'PUT', url, token, payload: { answer: 'x' } });
      expect(res.status).toBe(status);
    }
    const byClient = await t.request({
      method: 'POST',
      url: `/api/tasks/${created.id}/items`,
      token: w.tokens.client,
      payload: { label: 'x' },
    });
    expect(byClient.status).toBe(403);
    const plain = await t.request({
      method: 'POST',
      url: '/api/tasks',
      token: w.tokens.collab,
      payload: {
        title: 'x',
        type: 'firm_task',
        status: 'to_do',
        vendor_id: w.alpha.id,
        items: [{ label: 'a' }],
      },
    });
    expect(plain.body.code).toBe('task-not-information-request');
    const { task } = await buildTask(w.db, { vendor: w.alpha });
    const onPlain = await t.request({
      method: 'POST',
      url: `/api/tasks/${task.id}/items`,
      token: w.tokens.collab,
      payload: { label: 'x' },
    });
    expect(onPlain.body.code).toBe('task-not-information-request');
    const empty = await t.request({ method: 'PUT', url, token: w.tokens.client, payload: { answer: ' ' } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.answer).toBeDefined();
  });
});

describe('reminders', () => {
  // The reminders only (a new request also tells its client when it is created).
  const mailsTo = (email: string) => t.mails.filter((m) => m.to === email && m.subject.startsWith('Rappel'));

  it('reminds the client users of an overdue request, at most once a day, on the schedule the firm set', async () => {
    const created = (await request({ due_date: day(-3), reminder_frequency: 'day' })).body.data;
    expect(created.reminder_frequency).toBe('day');
    const before = t.mails.length;
    // The job was queued with the change; it is due now (the request is overdue).
    expect(await t.jobs.drain()).toBeGreaterThan(0);
    await t.drainMail();
    const sent = t.mails.slice(before);
    expect(sent.map((m) => m.to)).toEqual([w.people.client.email]);
    expect(sent[0]!.text).toContain('Relevés de décembre');
    expect(sent[0]!.link).toContain('/tasks/');
    const token = async () =>
      (await w.db.select().from(tasks).where(eq(tasks.id, created.id)))[0]!.reminderToken;
    const job = async () => ({ accountingFirmId: w.firm.id, taskId: created.id, token: await token() });
    // The next one waits a day; a job of this schedule run early sends nothing.
    expect(await t.jobs.drain()).toBe(0);
    await t.jobs.enqueue(w.db, TASK_REMINDER_JOB, await job());
    expect(await t.jobs.drain()).toBe(1);
    await t.drainMail();
    expect(mailsTo(w.people.client.email)).toHaveLength(1);
    // A job of an older schedule does nothing, even once a day has passed.
    await w.db
      .update(tasks)
      .set({ lastRemindedAt: sql`now() - interval '25 hours'` })
      .where(eq(tasks.id, created.id));
    await t.jobs.enqueue(w.db, TASK_REMINDER_JOB, { ...(await job()), token: (await token()) - 1 });
    await t.jobs.drain();
    await t.drainMail();
    expect(mailsTo(w.people.client.email)).toHaveLength(1);
    // A day later, the schedule's job reminds again.
    await t.jobs.enqueue(w.db, TASK_REMINDER_JOB, await job());
    await t.jobs.drain();
    await t.drainMail();
    expect(mailsTo(w.people.client.email)).toHaveLength(2);
    // Guests are not reminded.
    expect(mailsTo(w.people.guest.email)).toHaveLength(0);
  });

  it('does not remind a request not overdue, done, without frequency, or whose items are all answered', async () => {
    const before = t.mails.length;
    await request({ due_date: day(2), reminder_frequency: 'day' });
    await request({ due_date: day(-2), reminder_frequency: 'none' });
    await request({ due_date: day(-2), reminder_frequency: 'week', status: 'done' });
    const answered = (
      await request({ due_date: day(-2), reminder_frequency: 'week', items: [{ label: 'a' }] })
    ).body.data;
    await t.request({
      method: 'PUT',
      url: `/api/tasks/${answered.id}/items/${answered.items[0].id}/answer`,
      token: w.tokens.client,
      payload: { answer: 'ok' },
    });
    const closed = (await request({ due_date: day(-2), reminder_frequency: 'day' })).body.data;
    await t.request({
      method: 'PATCH',
      url: `/api/tasks/${closed.id}`,
      token: w.tokens.collab,
      payload: { status: 'done' },
    });
    await t.jobs.drain();
    await t.drainMail();
    // (Each new request told its client when it was created: only reminders count here.)
    expect(t.mails.slice(before).filter((m) => m.subject.startsWith('Rappel'))).toEqual([]);
  });

  it('runs on the real queue: the started workers pick the job up and the mail leaves', async () => {
    await request({ due_date: day(-1), reminder_frequency: 'week' });
    const before = t.mails.length;
    await t.jobs.start();
    try {
      for (let i = 0; i < 60 && t.mails.length === before; i++) {
        await new Promise((r) => setTimeout(r, 250));
        await t.drainMail();
      }
    } finally {
      await t.jobs.stop();
    }
    expect(t.mails.slice(before).map((m) => m.to)).toEqual([w.people.client.email]);
  }, 30_000);
});

describe('home', () => {
  it("gives the firm today's and overdue tasks and the requests waiting on clients, in one request", async () => {
    const { task: dueToday } = await buildTask(w.db, {
      vendor: w.alpha,
      title: 'Home today',
      dueDate: day(0),
    });
    const { task: late } = await buildTask(w.db, { vendor: w.alpha, title: 'Home late', dueDate: day(-4) });
    await buildTask(w.db, { vendor: w.alpha, title: 'Home done', dueDate: day(-4), status: 'done' });
    const { task: waiting } = await buildTask(w.db, {
      vendor: w.alpha,
      title: 'Home waiting',
      items: ['Kbis'],
    });
    await buildTask(w.db, { vendor: w.alpha, title: 'Home answered', items: [{ label: 'K', answer: 'ok' }] });
    const res = await t.request({
      method: 'GET',
      url: `/api/home?accounting_firm_id=${w.firm.id}`,
      token: w.tokens.collab,
    });
    expect(res.status).toBe(200);
    const titles = (list: { title: string }[]) => list.map((x) => x.title);
    expect(res.body.data.audience).toBe('firm');
    expect(titles(res.body.data.due_today)).toContain(dueToday.title);
    expect(titles(res.body.data.overdue)).toContain(late.title);
    expect(titles(res.body.data.overdue)).not.toContain('Home done');
    expect(titles(res.body.data.waiting_requests)).toContain(waiting.title);
    expect(titles(res.body.data.waiting_requests)).not.toContain('Home answered');
    const client = await t.request({
      method: 'GET',
      url: `/api/home?accounting_firm_id=${w.firm.id}&vendor_id=${w.alpha.id}`,
      token: w.tokens.client,
    });
    expect(client.body.data).toMatchObject({
      audience: 'client',
      vendor_id: w.alpha.id,
      due_today: [],
      overdue: [],
    });
    expect(titles(client.body.data.waiting_requests)).toContain(waiting.title);
    const beta = await t.request({
      method: 'GET',
      url: `/api/home?accounting_firm_id=${w.firm.id}`,
      token: w.tokens.betaClient,
    });
    expect(titles(beta.body.data.waiting_requests)).not.toContain(waiting.title);
    for (const [token, url] of [
      [w.tokens.betaClient, `/api/home?accounting_firm_id=${w.firm.id}&vendor_id=${w.alpha.id}`],
      [w.tokens.stranger, `/api/home?accounting_firm_id=${w.firm.id}`],
      [w.tokens.admin, `/api/home?accounting_firm_id=${w.firm.id}&vendor_id=${w.otherVendor.id}`],
    ] as const) {
      expect((await t.request({ method: 'GET', url, token })).status).toBe(404);
    }
  });
});
