import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DocsWorld, docsWorld, upload } from '../../../../test/documents';
import type { AppEvents } from '../../../platform/events/events';

/** The events of a new document and of a new version (for the notifications to come). */
let w: DocsWorld;
let folder = 0;
let firm = 0;
const user: Record<'expert' | 'client', number> = { expert: 0, client: 0 };
const created: AppEvents['document.created'][] = [];
const added: AppEvents['document.version_added'][] = [];
beforeAll(async () => {
  w = await docsWorld();
  w.t.events.on('document.created', (e) => void created.push(e));
  w.t.events.on('document.version_added', (e) => void added.push(e));
  firm = (await w.call('GET', `/api/vendors/${w.vendor}`)).body.data.accounting_firm_id;
  for (const who of ['expert', 'client'] as const)
    user[who] = (await w.call('GET', '/api/users/me', who)).body.data.id;
  folder = (
    await w.call('POST', `/api/vendors/${w.vendor}/folders`, 'expert', { name: 'Events', parent_id: w.root })
  ).body.data.id;
});
afterAll(() => w.t.close());
beforeEach(() => {
  created.length = 0;
  added.length = 0;
});

/** Listeners may run after the answer: let them. */
const settled = () => new Promise((r) => setImmediate(r));
const versions = async (doc: number) =>
  (await w.call('GET', `/api/vendors/${w.vendor}/documents/${doc}/versions`)).body.data as { id: number }[];

describe('document events', () => {
  it('a new document: document.created and its first version, with the ids of its tenant', async () => {
    const res = await upload(w, folder, 'nouveau.pdf', Buffer.from('%PDF new'), { who: 'client' });
    expect(res.status).toBe(200);
    const doc = res.body.data.id as number;
    await settled();
    const [first] = await versions(doc);
    const base = { accountingFirmId: firm, vendorId: w.vendor, userId: user.client };
    expect(created).toEqual([{ ...base, documentId: doc }]);
    expect(added).toEqual([{ ...base, documentId: doc, versionId: first!.id }]);
  });

  it('a new version: document.version_added only, naming the new version', async () => {
    const doc = (await upload(w, folder, 'versionne.pdf', Buffer.from('%PDF 1'))).body.data.id as number;
    await settled();
    created.length = 0;
    added.length = 0;
    const res = await upload(w, folder, 'versionne.pdf', Buffer.from('%PDF 2'), {
      identifier: 'versionne-2',
      conflict: 'version',
      who: 'client',
    });
    expect(res.body.data.id).toBe(doc);
    await settled();
    const [latest, older] = await versions(doc);
    expect(created).toEqual([]);
    expect(added).toEqual([
      {
        accountingFirmId: firm,
        vendorId: w.vendor,
        userId: user.client,
        documentId: doc,
        versionId: latest!.id,
      },
    ]);
    expect(latest!.id).not.toBe(older!.id);

    // Restoring the older one adds a version too, by the restorer.
    const restored = await w.call(
      'POST',
      `/api/vendors/${w.vendor}/documents/${doc}/versions/${older!.id}/restore`,
    );
    expect(restored.status).toBe(201);
    await settled();
    expect(added.at(-1)).toEqual({
      accountingFirmId: firm,
      vendorId: w.vendor,
      userId: user.expert,
      documentId: doc,
      versionId: restored.body.data.id,
    });
  });

  it('a same name kept apart: document.created for the renamed new document', async () => {
    const first = (await upload(w, folder, 'double.txt', Buffer.from('one'))).body.data.id;
    const res = await upload(w, folder, 'double.txt', Buffer.from('two'), {
      identifier: 'double-2',
      conflict: 'rename',
    });
    const second = res.body.data.id as number;
    expect(second).not.toBe(first);
    await settled();
    expect(created.map((e) => e.documentId)).toEqual([first, second]);
    expect(added.map((e) => e.documentId)).toEqual([first, second]);
  });

  it('a copy: document.created for the copy and its version, by the copier', async () => {
    const source = (await upload(w, folder, 'source.txt', Buffer.from('copied'))).body.data.id as number;
    const target = (
      await w.call('POST', `/api/vendors/${w.vendor}/folders`, 'expert', {
        name: 'Copies',
        parent_id: folder,
      })
    ).body.data.id;
    await settled();
    created.length = 0;
    added.length = 0;
    const res = await w.call('POST', `/api/vendors/${w.vendor}/nodes/copy`, 'client', {
      folder_id: target,
      document_ids: [source],
    });
    expect(res.status).toBe(200);
    await settled();
    const copy = (
      await w.call('GET', `/api/vendors/${w.vendor}/folders/${target}/nodes?per_page=100`)
    ).body.data.find((n: { name: string }) => n.name === 'source.txt');
    const base = { accountingFirmId: firm, vendorId: w.vendor, userId: user.client };
    expect(created).toEqual([{ ...base, documentId: copy.id }]);
    expect(added).toEqual([{ ...base, documentId: copy.id, versionId: copy.version_id }]);
  });

  it('nothing for an upload refused, nor for a chunk that does not complete the file', async () => {
    await upload(w, folder, 'refuse.txt', Buffer.from('one'));
    await settled();
    created.length = 0;
    added.length = 0;
    const refused = await upload(w, folder, 'refuse.txt', Buffer.from('two'), { identifier: 'refuse-2' });
    expect(refused.body.code).toBe('node-name-conflict');
    const partial = await upload(w, folder, 'partiel.bin', Buffer.alloc(3 * 64 * 1024, 7), {
      chunkSize: 64 * 1024,
      order: [1, 2],
    });
    expect(partial.body.data.id).toBeNull();
    await settled();
    expect(created).toEqual([]);
    expect(added).toEqual([]);
  });
});
