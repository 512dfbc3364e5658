import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countDrift, type DocsWorld, docsWorld, newDocument, newFolder } from '../../../../test/documents';

let w: DocsWorld;
let base = 0;
beforeAll(async () => {
  w = await docsWorld();
  base = await newFolder(w, 'Edits', w.root);
});
afterAll(() => w.t.close());

type Who = Parameters<DocsWorld['call']>[2];
const folder = (name: string, parent = base) => newFolder(w, name, parent);
const file = (parent: number, name: string, content = name) => newDocument(w, parent, name, content);
const list = async (parent: number) =>
  (await w.call('GET', `/api/vendors/${w.vendor}/folders/${parent}/nodes?per_page=100`)).body.data as {
    id: number;
    name: string;
    type: string;
  }[];
const names = async (parent: number) => (await list(parent)).map((n) => n.name).sort();
const move = (body: object, who: Who = 'expert') =>
  w.call('POST', `/api/vendors/${w.vendor}/nodes/move`, who, body);
const copy = (body: object, who: Who = 'expert') =>
  w.call('POST', `/api/vendors/${w.vendor}/nodes/copy`, who, body);
const content = async (doc: number) =>
  (await w.call('GET', `/api/vendors/${w.vendor}/documents/${doc}/content`)).body as string;
const validate = async (doc: number) => {
  const version = (await w.call('GET', `/api/vendors/${w.vendor}/documents/${doc}`)).body.data.version_id;
  await w.call('PUT', `/api/vendors/${w.vendor}/documents/${doc}/versions/${version}/validation`);
};

describe('PATCH /api/vendors/{id}/documents/{document_id}', () => {
  it('renames with the name rules; a same name in the folder (any case) is a conflict', async () => {
    const f = await folder('Rename');
    const a = await file(f, 'a.txt');
    await file(f, 'b.txt');
    const url = `/api/vendors/${w.vendor}/documents/${a}`;
    const res = await w.call('PATCH', url, 'client', { name: '  Bilan été.pdf ' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Bilan été.pdf', extension: 'pdf' });
    const clash = await w.call('PATCH', url, 'expert', { name: 'B.TXT' });
    expect(clash.status).toBe(422);
    expect(clash.body).toMatchObject({ code: 'node-name-conflict', errors: { name: [expect.any(String)] } });
    for (const name of ['', 'a/b', 'a:b', '..', 'x'.repeat(255)]) {
      const bad = await w.call('PATCH', url, 'expert', { name });
      expect(bad.status).toBe(422);
      expect(bad.body.errors.name).toBeDefined();
    }
    expect((await w.call('PATCH', url, 'guest', { name: 'z.txt' })).status).toBe(403);
  });

  it("files a document in one of the client file's periods; another's period is refused", async () => {
    const doc = await file(await folder('Periods'), 'p.txt');
    const url = `/api/vendors/${w.vendor}/documents/${doc}`;
    const periods = (await w.call('GET', `/api/vendors/${w.vendor}/accounting-periods`)).body.data;
    const other = (await w.call('GET', `/api/vendors/${w.otherVendor}/accounting-periods`)).body.data;
    if (periods.length) {
      const res = await w.call('PATCH', url, 'expert', {
        accounting_period_id: periods[0].id,
        start_date: '2025-03-01',
      });
      expect(res.body.data).toMatchObject({ accounting_period_id: periods[0].id, start_date: '2025-03-01' });
    }
    for (const id of [...other.map((p: { id: number }) => p.id), 2_147_000_000]) {
      const res = await w.call('PATCH', url, 'expert', { accounting_period_id: id });
      expect(res.status).toBe(422);
      expect(res.body.errors.accounting_period_id).toBeDefined();
    }
    expect((await w.call('PATCH', url, 'expert', { start_date: '2025-13-01' })).status).toBe(422);
    expect(
      (await w.call('PATCH', `/api/vendors/${w.otherVendor}/documents/${doc}`, 'expert', {})).status,
    ).toBe(404);
  });
});

describe('move and copy', () => {
  it('moves documents and folders; a same name is refused, renamed, or a new version', async () => {
    const from = await folder('From');
    const to = await folder('To');
    const a = await file(from, 'a.txt', 'new a');
    const b = await file(from, 'b.txt');
    const sub = await folder('Sub', from);
    await file(sub, 'deep.txt');
    const old = await file(to, 'a.txt', 'old a');
    const refused = await move({ folder_id: to, document_ids: [a, b], folder_ids: [sub] });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('node-name-conflict');
    expect(await names(from)).toEqual(['Sub', 'a.txt', 'b.txt']);
    const versioned = await move({
      folder_id: to,
      document_ids: [a, b],
      folder_ids: [sub],
      conflict: 'version',
    });
    expect(versioned.status).toBe(200);
    expect(versioned.body.data).toMatchObject({ document_ids: [a, b], folder_ids: [sub] });
    expect(await names(from)).toEqual([]);
    expect(await names(to)).toEqual(['Sub', 'a.txt', 'b.txt']);
    expect(await content(old)).toBe('new a');
    const versions = (await w.call('GET', `/api/vendors/${w.vendor}/documents/${old}/versions`)).body.data;
    expect(versions).toHaveLength(2);
    expect(await names(sub)).toEqual(['deep.txt']);
    const c = await file(from, 'b.txt', 'other b');
    expect((await move({ folder_id: to, document_ids: [c], conflict: 'rename' })).status).toBe(200);
    expect(await names(to)).toEqual(['Sub', 'a.txt', 'b (2).txt', 'b.txt']);
  });

  it('merges folders of the same name, or creates the newcomer renamed', async () => {
    const from = await folder('Merge from');
    const to = await folder('Merge to');
    const x = await folder('X', from);
    await file(x, 'one.txt');
    await file(x, 'both.txt', 'from');
    const xTo = await folder('x', to);
    await file(xTo, 'both.txt', 'to');
    const refused = await move({ folder_id: to, folder_ids: [x] });
    expect(refused.body).toMatchObject({ code: 'node-name-conflict' });
    expect((await copy({ folder_id: to, folder_ids: [x], folder_conflict: 'rename' })).status).toBe(200);
    expect(await names(to)).toEqual(['X (2)', 'x']);
    const merged = await move({
      folder_id: to,
      folder_ids: [x],
      folder_conflict: 'merge',
      conflict: 'rename',
    });
    expect(merged.status).toBe(200);
    expect(await names(to)).toEqual(['X (2)', 'x']);
    expect(await names(xTo)).toEqual(['both (2).txt', 'both.txt', 'one.txt']);
    expect(await names(from)).toEqual([]);
    expect((await w.call('GET', `/api/vendors/${w.vendor}/folders/${x}`)).status).toBe(404);
  });

  it('copies documents (latest version, not validated) and folders with their live content', async () => {
    const from = await folder('Copy from');
    const to = await folder('Copy to');
    const doc = await file(from, 'c.txt', 'copied');
    await validate(doc);
    const sub = await folder('Inner', from);
    await file(sub, 'inner.txt');
    const res = await copy({ folder_id: to, document_ids: [doc], folder_ids: [sub] });
    expect(res.status).toBe(200);
    const copied = await list(to);
    expect(copied.map((n) => n.name).sort()).toEqual(['Inner', 'c.txt']);
    const copyDoc = copied.find((n) => n.name === 'c.txt')!;
    expect(copyDoc.id).not.toBe(doc);
    expect(await content(copyDoc.id)).toBe('copied');
    expect(
      (await w.call('GET', `/api/vendors/${w.vendor}/documents/${copyDoc.id}`)).body.data.is_validated,
    ).toBe(false);
    expect(await names(copied.find((n) => n.name === 'Inner')!.id)).toEqual(['inner.txt']);
    // The originals are where they were; a copy beside itself is renamed.
    expect(await names(from)).toEqual(['Inner', 'c.txt']);
    expect((await copy({ folder_id: from, document_ids: [doc] })).status).toBe(422);
    expect((await copy({ folder_id: from, document_ids: [doc], conflict: 'rename' })).status).toBe(200);
    expect(await names(from)).toEqual(['Inner', 'c (2).txt', 'c.txt']);
  });

  it('leaves validated documents and read-only folders in place, listed as skipped', async () => {
    const from = await folder('Protected');
    const to = await folder('Protected to');
    const doc = await file(from, 'v.txt');
    await validate(doc);
    const locked = await folder('Locked', from);
    await w.call('PATCH', `/api/vendors/${w.vendor}/folders/${locked}`, 'expert', { read_only: true });
    const res = await move({ folder_id: to, document_ids: [doc], folder_ids: [locked] });
    expect(res.body.data).toEqual({
      document_ids: [],
      folder_ids: [],
      skipped_document_ids: [doc],
      skipped_folder_ids: [locked],
    });
    expect(await names(from)).toEqual(['Locked', 'v.txt']);
  });

  it('asks before moving a default folder; never into itself; no document at the root', async () => {
    const defaults = (await w.call('GET', `/api/vendors/${w.vendor}/folders?parent_id=${w.root}`)).body.data;
    const target = await folder('Defaults here');
    const refused = await move({ folder_id: target, folder_ids: [defaults[0].id] });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('default-folder-move');
    const outer = await folder('Outer');
    const inner = await folder('Inner', outer);
    const loop = await move({ folder_id: inner, folder_ids: [outer] });
    expect(loop.status).toBe(422);
    expect(loop.body.errors.folder_id).toBeDefined();
    expect((await copy({ folder_id: inner, folder_ids: [outer] })).status).toBe(422);
    const doc = await file(inner, 'r.txt');
    expect((await move({ folder_id: w.root, document_ids: [doc] })).body.code).toBe('document-at-root');
    const ok = await move({ folder_id: target, folder_ids: [defaults[0].id], move_default_folders: true });
    expect(ok.status).toBe(200);
    expect(await names(target)).toEqual([defaults[0].name]);
  });

  it('refuses guests (403), ids of another tenant like ids that do not exist (422), bad input (422)', async () => {
    const doc = await file(await folder('Access'), 'acc.txt');
    expect((await move({ folder_id: base, document_ids: [doc] }, 'guest')).status).toBe(403);
    const foreignRoot = (await w.call('GET', `/api/vendors/${w.otherVendor}/folders`)).body.data[0].id;
    const foreign = await move({ folder_id: foreignRoot, document_ids: [doc] });
    const ghost = await move({ folder_id: 2_147_000_000, document_ids: [doc] });
    expect(foreign.status).toBe(422);
    expect(foreign.body).toEqual(ghost.body);
    expect((await move({ folder_id: base, document_ids: ['x'] })).status).toBe(422);
    expect((await move({ folder_id: base, conflict: 'merge' })).body.errors.conflict).toBeDefined();
    expect(
      (await w.call('POST', `/api/vendors/${w.otherVendor}/nodes/copy`, 'client', { folder_id: base }))
        .status,
    ).toBe(404);
  });

  it("keeps every folder's count of live documents (the page's total) exact", async () => {
    expect(await countDrift(w)).toBe(0);
  });
});
