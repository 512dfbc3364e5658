import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTask, buildTheme } from '../../../test/factories';
import { buildTaskWorld, type TaskWorld } from '../../../test/task-world';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let w: TaskWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildTaskWorld(t);
}, 60_000);
afterAll(() => t.close());

const url = (firmId = w.firm.id, themeId?: number) =>
  `/api/accounting-firms/${firmId}/themes${themeId === undefined ? '' : `/${themeId}`}`;
const en = { 'accept-language': 'en' };

const create = (payload: object, token = w.tokens.admin, firmId = w.firm.id) =>
  t.request({ method: 'POST', url: url(firmId), token, payload, headers: en });
const patch = (id: number, payload: object, token = w.tokens.admin, firmId = w.firm.id) =>
  t.request({ method: 'PATCH', url: url(firmId, id), token, payload, headers: en });
const remove = (id: number, token = w.tokens.admin, firmId = w.firm.id) =>
  t.request({ method: 'DELETE', url: url(firmId, id), token });
const list = async (token = w.tokens.admin) => {
  const res = await t.request({ method: 'GET', url: url(), token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; title: string; task_count: number }[];
};

describe('themes of a firm', () => {
  it('are created with defaults, listed by title and changed by an administrator', async () => {
    const created = await create({ title: 'Social', abbreviation: 'soc', colour: '8E24AA' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      title: 'Social',
      abbreviation: 'soc',
      colour: '#8e24aa',
      sharing: 'default',
      rights: 'read_write',
      task_count: 0,
      accounting_firm_id: w.firm.id,
    });
    const plain = await create({ title: 'Juridique' });
    expect(plain.body.data).toMatchObject({ abbreviation: null, colour: '#607d8b' });
    expect((await list()).map((r) => r.title)).toEqual(['Juridique', 'Social']);

    const changed = await patch(created.body.data.id, {
      title: 'Paie',
      sharing: 'private_firm',
      rights: 'read_only',
      abbreviation: '',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({
      title: 'Paie',
      abbreviation: null,
      sharing: 'private_firm',
      rights: 'read_only',
    });
    // Collaborators read them.
    expect((await list(w.tokens.collab)).map((r) => r.title)).toEqual(['Juridique', 'Paie']);
  });

  it('refuse a missing title, a bad colour or sharing, and unknown fields, changing nothing', async () => {
    const before = await list();
    for (const payload of [
      {},
      { title: '   ' },
      { title: 'X', colour: 'red' },
      { title: 'X', sharing: 'everyone' },
      { title: 'X', rights: 'write' },
      { title: 'X', accounting_firm_id: w.otherFirm.id },
      { title: 'X'.repeat(101) },
    ]) {
      const res = await create(payload);
      expect(res.status, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.body.errors).length).toBeGreaterThan(0);
    }
    expect((await create({})).body.errors).toEqual({ title: [expect.any(String)] });
    expect(await list()).toEqual(before);
  });

  it('keep titles (case-insensitive) and abbreviations unique in the firm, not across firms', async () => {
    const { theme } = await buildTheme(w.db, { firm: w.firm, title: 'Fiscal', abbreviation: 'FIS' });
    const sameTitle = await create({ title: 'fiscal' });
    expect(sameTitle.status).toBe(422);
    expect(sameTitle.body).toMatchObject({
      code: 'theme-title-already-used',
      errors: { title: ['Another theme of the firm already has this title.'] },
    });
    const sameAbbreviation = await create({ title: 'Fiscalité', abbreviation: 'fis' });
    expect(sameAbbreviation.status).toBe(422);
    expect(sameAbbreviation.body.errors).toEqual({
      abbreviation: ['Another theme of the firm already has this abbreviation.'],
    });
    const other = await create({ title: 'Autre' });
    expect((await patch(other.body.data.id, { title: 'FISCAL' })).status).toBe(422);
    expect((await patch(other.body.data.id, { abbreviation: 'Fis' })).status).toBe(422);
    // A theme keeps its own title; another firm may use it.
    expect((await patch(theme.id, { title: 'Fiscal', abbreviation: 'FIS' })).status).toBe(200);
    const elsewhere = await create(
      { title: 'Fiscal', abbreviation: 'FIS' },
      w.tokens.stranger,
      w.otherFirm.id,
    );
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(201);
  });

  it('are written by administrators only: collaborators and client users get 403 or 404', async () => {
    const { theme } = await buildTheme(w.db, { firm: w.firm, title: 'Réservé' });
    expect((await create({ title: 'Non' }, w.tokens.collab)).status).toBe(403);
    expect((await patch(theme.id, { title: 'Non' }, w.tokens.collab)).status).toBe(403);
    expect((await remove(theme.id, w.tokens.readonly)).status).toBe(403);
    // Client users are no members of the firm: its themes do not exist for them.
    for (const token of [w.tokens.client, w.tokens.guest]) {
      expect((await t.request({ method: 'GET', url: url(), token })).status).toBe(404);
      expect((await create({ title: 'Non' }, token)).status).toBe(404);
    }
    expect((await list()).map((r) => r.title)).toContain('Réservé');
  });

  it("answer 404 for another firm's theme or firm, whoever asks", async () => {
    const { theme: foreign } = await buildTheme(w.db, { firm: w.otherFirm, title: 'Étranger' });
    expect((await patch(foreign.id, { title: 'Pris' })).status).toBe(404);
    expect((await remove(foreign.id)).status).toBe(404);
    // Through the other firm's path, with no role there.
    expect((await patch(foreign.id, { title: 'Pris' }, w.tokens.admin, w.otherFirm.id)).status).toBe(404);
    expect((await t.request({ method: 'GET', url: url(w.otherFirm.id), token: w.tokens.admin })).status).toBe(
      404,
    );
    expect((await patch(2_000_000_000, { title: 'Rien' })).status).toBe(404);
    const [row] = (
      await t.request({ method: 'GET', url: url(w.otherFirm.id), token: w.tokens.stranger })
    ).body.data.filter((r: { id: number }) => r.id === foreign.id);
    expect(row.title).toBe('Étranger');
  });

  it('deleted, leave the tasks that carried them in the same transaction', async () => {
    const { theme } = await buildTheme(w.db, { firm: w.firm, title: 'Éphémère' });
    const { theme: kept } = await buildTheme(w.db, { firm: w.firm, title: 'Durable' });
    const { task } = await buildTask(w.db, { vendor: w.alpha, themeIds: [theme.id, kept.id] });
    expect((await list()).find((r) => r.id === theme.id)?.task_count).toBe(1);
    expect((await remove(theme.id)).status).toBe(200);
    expect((await remove(theme.id)).status).toBe(404);
    const read = await t.request({ method: 'GET', url: `/api/tasks/${task.id}`, token: w.tokens.admin });
    expect(read.body.data.themes).toEqual([{ id: kept.id, title: 'Durable', colour: '#1565c0' }]);
    expect((await list()).map((r) => r.id)).not.toContain(theme.id);
  });
});
