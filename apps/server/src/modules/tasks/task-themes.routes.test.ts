import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFirm, buildFirmMember, buildTask, buildTheme, buildVendor } from '../../../test/factories';
import { buildTaskWorld, type TaskWorld } from '../../../test/task-world';
import { createTestApp, type TestApp } from '../../../test/test-app';

// Tasks carry themes of their firm: `theme_ids` in, `themes[]` out, the list's `themes[]` filter.
let t: TestApp;
let w: TaskWorld;
const th: Record<string, { id: number; title: string; colour: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  w = await buildTaskWorld(t);
  const make = async (title: string, colour: string, extra: object = {}) => {
    const { theme } = await buildTheme(w.db, { firm: w.firm, title, colour, ...extra });
    th[title] = { id: theme.id, title, colour };
  };
  await make('Social', '#8e24aa');
  await make('Fiscal', '#1565c0');
  await make('Interne', '#424242', { sharing: 'private_firm' });
  th.foreign = { ...(await buildTheme(w.db, { firm: w.otherFirm, title: 'Ailleurs' })).theme };
}, 60_000);
afterAll(() => t.close());

const en = { 'accept-language': 'en' };
const createTask = (title: string, extra: object = {}) =>
  t.request({
    method: 'POST',
    url: '/api/tasks',
    token: w.tokens.collab,
    headers: en,
    payload: { title, type: 'firm_task', status: 'to_do', vendor_id: w.alpha.id, ...extra },
  });
const patchTask = (id: number, payload: object) =>
  t.request({ method: 'PATCH', url: `/api/tasks/${id}`, token: w.tokens.collab, headers: en, payload });
const getTask = async (id: number, token = w.tokens.collab) => {
  const res = await t.request({ method: 'GET', url: `/api/tasks/${id}`, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const listTasks = async (query: string, token = w.tokens.admin) => {
  const res = await t.request({
    method: 'GET',
    url: `/api/tasks?accounting_firm_id=${w.firm.id}&adminMode=${token === w.tokens.admin}${query}`,
    token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; title: string; themes: { id: number }[] }[];
};
const NOT_FOUND = { theme_ids: ['No data was found for the theme.'] };

describe('theme_ids on a task', () => {
  it('are stored and answered as themes by title, in the task and in the list', async () => {
    const res = await createTask('Déclaration', { theme_ids: [th.Social!.id, th.Fiscal!.id, th.Social!.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.themes).toEqual([th.Fiscal, th.Social]);
    const rows = await listTasks('');
    expect(rows.find((r) => r.id === res.body.data.id)?.themes).toEqual([th.Fiscal, th.Social]);
    // A task without themes answers an empty list.
    const bare = await createTask('Sans thème');
    expect(bare.body.data.themes).toEqual([]);
  });

  it("refuse another firm's theme or an unknown one with the spec's message, creating nothing", async () => {
    const before = await listTasks('');
    for (const ids of [[th.foreign!.id], [th.Social!.id, 2_000_000_000]]) {
      const res = await createTask('Refusée', { theme_ids: ids });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'theme-not-found', errors: NOT_FOUND });
    }
    expect(await listTasks('')).toEqual(before);
    const fr = await t.request({
      method: 'POST',
      url: '/api/tasks',
      token: w.tokens.collab,
      headers: { 'accept-language': 'fr' },
      payload: {
        title: 'Refusée',
        type: 'firm_task',
        status: 'to_do',
        vendor_id: w.alpha.id,
        theme_ids: [th.foreign!.id],
      },
    });
    expect(fr.status).toBe(422);
    expect(fr.body.errors).toEqual({ theme_ids: ["Aucune donnée n'a été trouvée pour le thème."] });
  });

  it('are replaced by an update, cleared by an empty list, and kept when absent', async () => {
    const id = (await createTask('Révision', { theme_ids: [th.Social!.id] })).body.data.id;
    expect((await patchTask(id, { theme_ids: [th.Fiscal!.id] })).body.data.themes).toEqual([th.Fiscal]);
    expect((await patchTask(id, { note: 'Relu' })).body.data.themes).toEqual([th.Fiscal]);
    const refused = await patchTask(id, { theme_ids: [th.foreign!.id], title: 'Renommée' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual(NOT_FOUND);
    const after = await getTask(id);
    expect(after.title).toBe('Révision');
    expect(after.themes).toEqual([th.Fiscal]);
    expect((await patchTask(id, { theme_ids: [] })).body.data.themes).toEqual([]);
  });

  it('filter the list: a task matches when it has any of the given themes', async () => {
    const social = (await createTask('Filtre social', { theme_ids: [th.Social!.id] })).body.data.id;
    const both = (await createTask('Filtre les deux', { theme_ids: [th.Social!.id, th.Fiscal!.id] })).body
      .data.id;
    const fiscal = (await createTask('Filtre fiscal', { theme_ids: [th.Fiscal!.id] })).body.data.id;
    const ids = async (q: string) => (await listTasks(`&search=Filtre${q}`)).map((r) => r.id).sort();
    expect(await ids(`&themes[]=${th.Social!.id}`)).toEqual([social, both].sort());
    expect(await ids(`&themes[]=${th.Social!.id}&themes[]=${th.Fiscal!.id}`)).toEqual(
      [social, both, fiscal].sort(),
    );
    expect(await ids(`&themes[]=${th.foreign!.id}`)).toEqual([]);
    expect(await ids('')).toEqual([social, both, fiscal].sort());
    // The counters and the per-company counts follow the same filter.
    const counters = await t.request({
      method: 'GET',
      url: `/api/tasks/counters?accounting_firm_id=${w.firm.id}&adminMode=true&search=Filtre&themes[]=${th.Fiscal!.id}`,
      token: w.tokens.admin,
    });
    expect(counters.body.data.total).toBe(2);
    const bad = await t.request({
      method: 'GET',
      url: `/api/tasks?accounting_firm_id=${w.firm.id}&themes[]=abc`,
      token: w.tokens.admin,
    });
    expect(bad.status).toBe(422);
  });

  it("hide the firm's private themes from client users, in answers and in the filter", async () => {
    const id = (await createTask('Pour le client', { theme_ids: [th.Social!.id, th.Interne!.id] })).body.data
      .id;
    expect((await getTask(id)).themes).toEqual([th.Interne, th.Social]);
    expect((await getTask(id, w.tokens.client)).themes).toEqual([th.Social]);
    const seen = await listTasks(`&themes[]=${th.Interne!.id}`, w.tokens.client);
    expect(seen.map((r) => r.id)).not.toContain(id);
    const row = (await listTasks(`&themes[]=${th.Social!.id}`, w.tokens.client)).find((r) => r.id === id);
    expect(row?.themes).toEqual([th.Social]);
  });

  it('reach the cached lists at once: a tagged task, a renamed or deleted theme', async () => {
    const id = (await createTask('Cache')).body.data.id;
    const row = async () => (await listTasks('&search=Cache', w.tokens.collab)).find((r) => r.id === id);
    expect((await row())?.themes).toEqual([]);
    await patchTask(id, { theme_ids: [th.Social!.id] });
    expect((await row())?.themes).toEqual([th.Social]);
    const { theme } = await buildTheme(w.db, { firm: w.firm, title: 'Temporaire' });
    await patchTask(id, { theme_ids: [th.Social!.id, theme.id] });
    await row();
    const renamed = await t.request({
      method: 'PATCH',
      url: `/api/accounting-firms/${w.firm.id}/themes/${theme.id}`,
      token: w.tokens.admin,
      payload: { title: 'Renommé', colour: '#00ff00' },
    });
    expect(renamed.status).toBe(200);
    expect((await row())?.themes).toEqual([{ id: theme.id, title: 'Renommé', colour: '#00ff00' }, th.Social]);
    await t.request({
      method: 'DELETE',
      url: `/api/accounting-firms/${w.firm.id}/themes/${theme.id}`,
      token: w.tokens.admin,
    });
    expect((await row())?.themes).toEqual([th.Social]);
  });
});

describe('a client file moving to another portal', () => {
  it("drops its tasks' themes, which stay with the firm they belong to", async () => {
    const { firm: source, holding } = await buildFirm(w.db, { holding: true });
    const { firm: target } = await buildFirm(w.db, { holding: holding! });
    await buildFirmMember(w.db, { firm: source, user: w.people.admin, role: 'admin' });
    await buildFirmMember(w.db, { firm: target, user: w.people.admin, role: 'admin' });
    const { vendor } = await buildVendor(w.db, { firm: source });
    const { theme } = await buildTheme(w.db, { firm: source, title: 'Source' });
    const { task } = await buildTask(w.db, { vendor, themeIds: [theme.id] });
    const moved = await t.request({
      method: 'POST',
      url: `/api/vendors/${vendor.id}/transfer`,
      token: w.tokens.admin,
      payload: { accounting_firm_id: target.id },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await getTask(task.id, w.tokens.admin)).themes).toEqual([]);
    const themes = await t.request({
      method: 'GET',
      url: `/api/accounting-firms/${source.id}/themes`,
      token: w.tokens.admin,
    });
    expect(themes.body.data).toEqual([expect.objectContaining({ id: theme.id, task_count: 0 })]);
  });
});
