import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanupContext,
  countDrift,
  type DocsWorld,
  docsWorld,
  newDocument,
  newFolder,
  upload,
} from '../../../../test/documents';
import { type AppEvents, createEvents } from '../../../platform/events/events';
import { cleanup } from '../uploads/uploads.service';

// A data folder of its own: the cleanup below deletes blobs this database no longer names.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-trash-'));
const events = createEvents();
const deleted: AppEvents['document.deleted'][] = [];
events.on('document.deleted', (e) => void deleted.push(e));
let w: DocsWorld;
let base = 0;
beforeAll(async () => {
  w = await docsWorld({ env: { DATA_DIR: dataDir }, events });
  base = await newFolder(w, 'Trash tests', w.root);
});
afterAll(async () => {
  await w.t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const folder = (name: string, parent = base) => newFolder(w, name, parent);
const file = (parent: number, name: string, content = name) => newDocument(w, parent, name, content);
const names = async (parent: number) =>
  (await w.call('GET', `/api/vendors/${w.vendor}/folders/${parent}/nodes?per_page=100`)).body.data.map(
    (n: { name: string }) => n.name,
  );
const trash = async () =>
  (await w.call('GET', `/api/vendors/${w.vendor}/trash?per_page=100`)).body.data as {
    type: string;
    id: number;
    name: string;
  }[];
const validate = async (doc: number) => {
  const version = (await w.call('GET', `/api/vendors/${w.vendor}/documents/${doc}`)).body.data.version_id;
  const res = await w.call('PUT', `/api/vendors/${w.vendor}/documents/${doc}/versions/${version}/validation`);
  expect(res.status).toBe(200);
};
const del = (
  what: 'documents' | 'folders',
  id: number,
  query = '',
  who: Parameters<DocsWorld['call']>[2] = 'expert',
) => w.call('DELETE', `/api/vendors/${w.vendor}/${what}/${id}${query}`, who);

describe('DELETE a document or a folder: to the trash', () => {
  it('moves a document to the trash: gone from its folder and its routes, listed in the trash', async () => {
    const f = await folder('Del doc');
    const doc = await file(f, 'a.txt');
    expect((await del('documents', doc)).status).toBe(204);
    await new Promise((r) => setImmediate(r));
    expect(deleted.at(-1)).toMatchObject({ documentId: doc, vendorId: w.vendor, permanent: false });
    expect(await names(f)).toEqual([]);
    expect((await w.call('GET', `/api/vendors/${w.vendor}/documents/${doc}`)).status).toBe(404);
    expect((await del('documents', doc)).status).toBe(404);
    expect(await trash()).toContainEqual(
      expect.objectContaining({ type: 'document', id: doc, name: 'a.txt' }),
    );
    // The name is free again.
    expect((await upload(w, f, 'a.txt', Buffer.from('again'))).status).toBe(200);
  });

  it('moves a folder with its subtree: one entry in the trash, restored whole', async () => {
    const f = await folder('Del tree');
    const sub = await folder('Sub', f);
    await file(sub, 'deep.txt');
    await file(f, 'top.txt');
    expect((await del('folders', f)).status).toBe(204);
    const entries = (await trash()).filter((n) =>
      ['Del tree', 'Sub', 'deep.txt', 'top.txt'].includes(n.name),
    );
    expect(entries).toEqual([expect.objectContaining({ type: 'folder', id: f })]);
    expect((await w.call('GET', `/api/vendors/${w.vendor}/folders/${sub}/nodes`)).status).toBe(404);
    const restored = await w.call('POST', `/api/vendors/${w.vendor}/trash/restore`, 'expert', {
      folder_ids: [f],
    });
    expect(restored.status).toBe(200);
    expect(restored.body.data.folder_ids).toEqual([f]);
    expect(await names(f)).toEqual(['Sub', 'top.txt']);
    expect(await names(sub)).toEqual(['deep.txt']);
  });

  it('refuses validated documents and folders holding them unless forced by a firm member', async () => {
    const f = await folder('Validated');
    const doc = await file(f, 'signed.pdf');
    await validate(doc);
    const refused = await del('documents', doc);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('node-validated');
    const folderRefused = await del('folders', f);
    expect(folderRefused.body.code).toBe('folder-non-deletable-nodes-contained');
    // A client administrator may not force.
    expect((await del('documents', doc, '?force=true', 'client')).status).toBe(403);
    expect((await del('documents', doc, '?force=true')).status).toBe(204);
    expect((await del('folders', f, '?force=true')).status).toBe(204);
  });

  it('a selection: deletes what it can and lists the validated items skipped', async () => {
    const f = await folder('Selection');
    const a = await file(f, 'a.txt');
    const b = await file(f, 'b.txt');
    const g = await folder('Kept', f);
    await validate(await file(g, 'v.txt'));
    const res = await w.call('POST', `/api/vendors/${w.vendor}/nodes/delete`, 'expert', {
      document_ids: [a, b],
      folder_ids: [g],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      document_ids: [a, b],
      folder_ids: [],
      skipped_document_ids: [],
      skipped_folder_ids: [g],
    });
    expect(await names(f)).toEqual(['Kept']);
  });

  it('keeps read-only folders: refused to a client, skipped for a firm member unless forced', async () => {
    const f = await folder('Locked');
    const doc = await file(f, 'in-locked.txt');
    await w.call('PATCH', `/api/vendors/${w.vendor}/folders/${f}`, 'expert', { read_only: true });
    expect((await del('documents', doc, '', 'client')).body.code).toBe('node-readonly');
    expect((await del('documents', doc)).body.code).toBe('node-validated');
    expect((await del('folders', f)).body.code).toBe('folder-non-deletable-nodes-contained');
    expect((await del('folders', f, '?force=1')).status).toBe(204);
  });

  it('refuses the root, other tenants ids (404), guests (403) and bad input (422)', async () => {
    expect((await del('folders', w.root)).body.code).toBe('node-readonly');
    const foreignRoot = (await w.call('GET', `/api/vendors/${w.otherVendor}/folders`)).body.data[0].id;
    expect((await del('folders', foreignRoot)).status).toBe(404);
    const doc = await file(await folder('Guarded'), 'g.txt');
    expect((await del('documents', doc, '', 'guest')).status).toBe(403);
    expect((await del('documents', doc, '?force=maybe')).status).toBe(422);
    const bad = await w.call('POST', `/api/vendors/${w.vendor}/nodes/delete`, 'expert', {
      document_ids: [2_147_000_000],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.document_ids).toBeDefined();
  });
});

describe('restore and empty the trash', () => {
  it('restores a document to its place, recreating the parents deleted since', async () => {
    const f = await folder('Parent gone');
    const sub = await folder('Child', f);
    const doc = await file(sub, 'lonely.txt');
    await del('documents', doc);
    await del('folders', f);
    const res = await w.call('POST', `/api/vendors/${w.vendor}/trash/restore`, 'expert', {
      document_ids: [doc],
    });
    expect(res.status).toBe(200);
    expect(await names(base)).toContain('Parent gone');
    const parent = (
      await w.call('GET', `/api/vendors/${w.vendor}/folders/${base}/nodes?per_page=100`)
    ).body.data.find((n: { name: string }) => n.name === 'Parent gone');
    expect(parent.id).not.toBe(f);
    const child = (await w.call('GET', `/api/vendors/${w.vendor}/folders/${parent.id}/nodes`)).body.data[0];
    expect(child.name).toBe('Child');
    expect(await names(child.id)).toEqual(['lonely.txt']);
    // The deleted folder stays in the trash.
    expect((await trash()).map((n) => n.id)).toContain(f);
  });

  it('a name taken meanwhile: refused, or renamed on request', async () => {
    const f = await folder('Clash');
    const doc = await file(f, 'same.txt', 'old');
    await del('documents', doc);
    await file(f, 'same.txt', 'new');
    const refused = await w.call('POST', `/api/vendors/${w.vendor}/trash/restore`, 'expert', {
      document_ids: [doc],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('node-name-conflict');
    const renamed = await w.call('POST', `/api/vendors/${w.vendor}/trash/restore`, 'expert', {
      document_ids: [doc],
      conflict: 'rename',
    });
    expect(renamed.status).toBe(200);
    // Restoring what is not in the trash changes nothing.
    const again = await w.call('POST', `/api/vendors/${w.vendor}/trash/restore`, 'expert', {
      document_ids: [doc],
    });
    expect(again.body.data).toMatchObject({ document_ids: [], skipped_document_ids: [doc] });
    expect((await names(f)).sort()).toEqual(['same (2).txt', 'same.txt']);
  });

  it('empties the trash for good; the cleanup deletes blobs no one else references', async () => {
    const f = await folder('Emptied');
    const unique = `unique content ${Date.now()}`;
    const doc = await file(f, 'unique.txt', unique);
    const shared = await file(f, 'shared.txt', 'shared content');
    await file(base, 'shared-copy.txt', 'shared content');
    const blobOf = async (id: number) =>
      (await w.call('GET', `/api/vendors/${w.vendor}/documents/${id}/content`)).body as string;
    expect(await blobOf(doc)).toBe(unique);
    await del('folders', f);
    expect(shared).toBeGreaterThan(0);
    expect((await w.call('DELETE', `/api/vendors/${w.vendor}/trash`, 'expert')).status).toBe(204);
    await new Promise((r) => setImmediate(r));
    expect(deleted.filter((e) => e.permanent).map((e) => e.documentId)).toEqual(
      expect.arrayContaining([doc, shared]),
    );
    expect(await trash()).toEqual([]);
    expect(
      (await w.call('POST', `/api/vendors/${w.vendor}/trash/restore`, 'expert', { folder_ids: [f] })).status,
    ).toBe(422);
    const result = await cleanup(cleanupContext(w, dataDir));
    expect(result.blobs).toBeGreaterThanOrEqual(1);
    // The shared content is still there for the copy outside the trash.
    expect(await names(base)).toContain('shared-copy.txt');
    const copy = (
      await w.call('GET', `/api/vendors/${w.vendor}/folders/${base}/nodes?per_page=100`)
    ).body.data.find((n: { name: string }) => n.name === 'shared-copy.txt');
    expect(await blobOf(copy.id)).toBe('shared content');
  });

  it('the trash is read by every role and emptied by writers only', async () => {
    expect((await w.call('GET', `/api/vendors/${w.vendor}/trash`, 'guest')).status).toBe(200);
    expect((await w.call('DELETE', `/api/vendors/${w.vendor}/trash`, 'guest')).status).toBe(403);
    expect((await w.call('GET', `/api/vendors/${w.otherVendor}/trash`, 'client')).status).toBe(404);
  });

  it("keeps every folder's count of live documents (the page's total) exact", async () => {
    expect(await countDrift(w)).toBe(0);
  });
});
