import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTask } from '../../../test/factories';
import { buildTaskWorld, type TaskWorld } from '../../../test/task-world';
import { createTestApp, type TestApp } from '../../../test/test-app';

// Issue 24, finding 6: `vendor_id` narrows the task list (and its counters and companies) to one
// client file; one the caller does not see answers an empty list, whoever the caller is.
let t: TestApp;
let w: TaskWorld;
const titles: Record<'alpha' | 'beta' | 'other', string> = {
  alpha: 'Alpha task',
  beta: 'Beta task',
  other: 'Other',
};

beforeAll(async () => {
  t = await createTestApp();
  w = await buildTaskWorld(t);
  await buildTask(w.db, { vendor: w.alpha, title: titles.alpha });
  await buildTask(w.db, { vendor: w.beta, title: titles.beta });
  await buildTask(w.db, { vendor: w.otherVendor, title: titles.other });
}, 60_000);
afterAll(() => t.close());

const get = (path: string, token: string, query: Record<string, string | number>) =>
  t.request({
    method: 'GET',
    url: `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    token,
  });
const listed = async (token: string, query: Record<string, string | number>) => {
  const res = await get('/api/tasks', token, { accounting_firm_id: w.firm.id, ...query });
  expect(res.status).toBe(200);
  return (res.body.data as { title: string }[]).map((task) => task.title).sort();
};

describe('GET /api/tasks?vendor_id=', () => {
  it("a client user asking for another company's tasks gets none, not their own", async () => {
    expect(await listed(w.tokens.client, {})).toEqual([titles.alpha]);
    expect(await listed(w.tokens.client, { vendor_id: w.beta.id })).toEqual([]);
    expect(await listed(w.tokens.client, { vendor_id: w.otherVendor.id })).toEqual([]);
    expect(await listed(w.tokens.client, { vendor_id: 2_147_000_000 })).toEqual([]);
    expect(await listed(w.tokens.client, { vendor_id: w.alpha.id })).toEqual([titles.alpha]);
    const counters = await get('/api/tasks/counters', w.tokens.client, {
      accounting_firm_id: w.firm.id,
      vendor_id: w.beta.id,
    });
    expect(counters.status).toBe(200);
    expect(counters.body.data.total).toBe(0);
    const companies = await get('/api/tasks/companies', w.tokens.client, {
      accounting_firm_id: w.firm.id,
      vendor_id: w.beta.id,
    });
    expect(companies.body.data).toEqual([]);
  });

  it('narrows a firm member to one client file; with companies[], both apply', async () => {
    expect(await listed(w.tokens.allFiles, {})).toEqual([titles.alpha, titles.beta]);
    expect(await listed(w.tokens.allFiles, { vendor_id: w.beta.id })).toEqual([titles.beta]);
    expect(await listed(w.tokens.allFiles, { vendor_id: w.beta.id, 'companies[]': w.alpha.id })).toEqual([]);
    // An assigned collaborator: a client file of the firm not assigned to them is not theirs.
    expect(await listed(w.tokens.collab, { vendor_id: w.beta.id })).toEqual([]);
    expect(await listed(w.tokens.admin, { vendor_id: w.otherVendor.id, adminMode: 'true' })).toEqual([]);
  });

  it('refuses a vendor_id that is no id (422)', async () => {
    const res = await get('/api/tasks', w.tokens.client, { accounting_firm_id: w.firm.id, vendor_id: 'x' });
    expect(res.status).toBe(422);
    expect(res.body.errors.vendor_id).toBeDefined();
  });
});
