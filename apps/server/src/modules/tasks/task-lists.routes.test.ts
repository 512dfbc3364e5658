import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTask, buildVendor } from '../../../test/factories';
import { buildTaskWorld, day, type TaskWorld } from '../../../test/task-world';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let w: TaskWorld;
const ids: Record<string, number> = {};

/**
 * Alpha: a firm task due today with the collaborator as member, an overdue one, one due in 3 days
 * in progress, one due in 10 days, a done one overdue by date, an internal one, and an
 * information request; Beta: one due tomorrow.
 */
beforeAll(async () => {
  t = await createTestApp();
  w = await buildTaskWorld(t);
  const make = async (name: string, vendor: { id: number; accountingFirmId: number }, o: object) => {
    ids[name] = (await buildTask(w.db, { vendor, title: name, ...o })).task.id;
  };
  await make('today', w.alpha, { dueDate: day(0), members: [w.people.collab.id] });
  await make('late', w.alpha, { dueDate: day(-2) });
  await make('soon', w.alpha, { dueDate: day(3), status: 'in_progress' });
  await make('later', w.alpha, { dueDate: day(10) });
  await make('closed', w.alpha, { dueDate: day(-5), status: 'done' });
  await make('secret', w.alpha, { dueDate: day(1), internal: true, type: 'internal' });
  await make('request', w.alpha, { type: 'information_request', items: ['Relevé'] });
  await make('beta', w.beta, { dueDate: day(1) });
}, 60_000);
afterAll(() => t.close());

async function titles(token: string, query = '') {
  const res = await t.request({
    method: 'GET',
    url: `/api/tasks?accounting_firm_id=${w.firm.id}${query}`,
    token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { title: string }[]).map((r) => r.title);
}

describe('the list', () => {
  it('groups per company by name, then by due date (none last)', async () => {
    expect(await titles(w.tokens.admin, '&adminMode=true')).toEqual([
      'closed',
      'late',
      'today',
      'secret',
      'soon',
      'later',
      'request',
      'beta',
    ]);
  });

  it('shows a member the client files they reach; admin mode (administrators only) the whole firm', async () => {
    expect(await titles(w.tokens.admin, '&adminMode=false')).toEqual([]);
    expect((await titles(w.tokens.collab)).sort()).toEqual(
      ['closed', 'late', 'today', 'secret', 'soon', 'later', 'request'].sort(),
    );
    expect(await titles(w.tokens.allFiles)).toHaveLength(8);
    expect(await titles(w.tokens.unassigned)).toEqual([]);
    const refused = await t.request({
      method: 'GET',
      url: `/api/tasks?accounting_firm_id=${w.firm.id}&adminMode=true`,
      token: w.tokens.collab,
    });
    expect(refused.status).toBe(403);
  });

  it("shows a client user their company's tasks without the internal ones, whatever they ask", async () => {
    const mine = await titles(w.tokens.client, '&internalTasks=true');
    expect(mine).toEqual([]);
    expect((await titles(w.tokens.client)).sort()).toEqual([
      'closed',
      'late',
      'later',
      'request',
      'soon',
      'today',
    ]);
    expect(await titles(w.tokens.betaClient)).toEqual(['beta']);
    expect(await titles(w.tokens.guest)).toHaveLength(6);
  });

  it('filters by status, company, type, member, search, dates, quick filter, internal and overdue', async () => {
    const all = '&adminMode=true';
    const q = (s: string) => titles(w.tokens.admin, all + s);
    expect(await q('&statuses[]=in_progress&statuses[]=done')).toEqual(['closed', 'soon']);
    expect(await q('&statuses[]=in_progress')).toEqual(['soon']);
    expect(await q(`&companies[]=${w.beta.id}`)).toEqual(['beta']);
    expect(await q('&types[]=information_request')).toEqual(['request']);
    expect(await q(`&members[]=${w.people.collab.id}`)).toEqual(['today']);
    expect(await q('&search=LAT')).toEqual(['late', 'later']);
    expect(await q('&search=beta%20sas')).toEqual(['beta']);
    expect(await q('&search=100%25')).toEqual([]);
    expect(await q(`&afterDate=${day(1)}&beforeDate=${day(3)}`)).toEqual(['secret', 'soon', 'beta']);
    expect(await q('&quick=today')).toEqual(['today']);
    expect(await q('&quick=next_7_days')).toEqual(['today', 'secret', 'soon', 'beta']);
    expect(await q('&internalTasks=true')).toEqual(['secret']);
    expect(await q('&internalTasks=false')).toHaveLength(7);
    expect(await q('&overdue=true')).toEqual(['late']);
  });

  it('refuses malformed filters with the field in error', async () => {
    for (const bad of [
      '&statuses[]=later',
      '&afterDate=2026-13-01',
      '&quick=tomorrow',
      '&companies[]=abc',
      '&page=0',
    ]) {
      const res = await t.request({
        method: 'GET',
        url: `/api/tasks?accounting_firm_id=${w.firm.id}${bad}`,
        token: w.tokens.admin,
      });
      expect(res.status, bad).toBe(422);
      expect(Object.keys(res.body.errors ?? {}).length, bad).toBeGreaterThan(0);
    }
  });

  it('gives each task its company, members, overdue flag and counts', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/tasks?accounting_firm_id=${w.firm.id}&adminMode=true&search=request`,
      token: w.tokens.admin,
    });
    expect(res.body.data[0]).toMatchObject({ company: 'Alpha SARL', items_total: 1, items_missing: 1 });
    const late = await t.request({
      method: 'GET',
      url: `/api/tasks?accounting_firm_id=${w.firm.id}&adminMode=true&search=today`,
      token: w.tokens.admin,
    });
    expect(late.body.data[0]).toMatchObject({ overdue: false, member_ids: [w.people.collab.id] });
  });

  it('pages by 15 with the total and the last page', async () => {
    const { vendor } = await buildVendor(w.db, { firm: w.firm, company: 'Zeta Pages' });
    for (let i = 0; i < 17; i++)
      await buildTask(w.db, { vendor, title: `page ${String(i).padStart(2, '0')}` });
    const url = (page: number) =>
      `/api/tasks?accounting_firm_id=${w.firm.id}&adminMode=true&companies[]=${vendor.id}&page=${page}`;
    const first = await t.request({ method: 'GET', url: url(1), token: w.tokens.admin });
    expect(first.body).toMatchObject({ current_page: 1, per_page: 15, total: 17, last_page: 2 });
    expect(first.body.data).toHaveLength(15);
    const second = await t.request({ method: 'GET', url: url(2), token: w.tokens.admin });
    expect(second.body.data.map((r: { title: string }) => r.title)).toEqual(['page 15', 'page 16']);
    const past = await t.request({ method: 'GET', url: url(3), token: w.tokens.admin });
    expect(past.body).toMatchObject({ data: [], total: 17, last_page: 2 });
  });
});

describe('counters', () => {
  it('counts per status and overdue under the filters, the statuses aside', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/tasks/counters?accounting_firm_id=${w.firm.id}&companies[]=${w.alpha.id}&statuses[]=done`,
      token: w.tokens.collab,
    });
    expect(res.body.data).toEqual({ to_do: 5, in_progress: 1, done: 1, overdue: 1, total: 7 });
    const client = await t.request({
      method: 'GET',
      url: `/api/tasks/counters?accounting_firm_id=${w.firm.id}`,
      token: w.tokens.client,
    });
    expect(client.body.data).toEqual({ to_do: 4, in_progress: 1, done: 1, overdue: 1, total: 6 });
  });

  it('counts per company, sorted by name, under the filters but the companies', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/tasks/companies?accounting_firm_id=${w.firm.id}&adminMode=true&companies[]=${w.alpha.id}&quick=next_7_days`,
      token: w.tokens.admin,
    });
    expect(res.body.data).toEqual([
      {
        vendor_id: w.alpha.id,
        company: 'Alpha SARL',
        to_do: 2,
        in_progress: 1,
        done: 0,
        overdue: 0,
        total: 3,
      },
      { vendor_id: w.beta.id, company: 'Beta SAS', to_do: 1, in_progress: 0, done: 0, overdue: 0, total: 1 },
    ]);
  });

  it("refuses another firm's people", async () => {
    for (const path of ['counters', 'companies']) {
      const res = await t.request({
        method: 'GET',
        url: `/api/tasks/${path}?accounting_firm_id=${w.firm.id}`,
        token: w.tokens.stranger,
      });
      expect(res.status).toBe(404);
    }
  });
});
