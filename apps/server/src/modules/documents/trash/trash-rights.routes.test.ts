import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocumentsWorld, type DocumentsWorld } from '../../../../test/documents-world';

// Issue 24, finding 5: emptying the trash is a firm right (documents.purge); client users restore
// only what they deleted themselves (documents.restore_others is the firm's).
let w: DocumentsWorld;
beforeAll(async () => {
  w = await buildDocumentsWorld();
});
afterAll(() => w.t.close());

type Who = Parameters<DocumentsWorld['call']>[2];
const url = (path: string) => `/api/vendors/${w.vendor.id}${path}`;
const trashed = async () =>
  ((await w.call('GET', url('/trash?per_page=100'), 'admin')).body.data as { name: string }[])
    .map((n) => n.name)
    .sort();
const toTrash = async (who: Who, documentIds: number[], folderIds: number[] = []) => {
  const res = await w.call('POST', url('/nodes/delete'), who, {
    document_ids: documentIds,
    folder_ids: folderIds,
  });
  expect(res.status).toBe(200);
};
const restore = (who: Who, documentIds: number[], folderIds: number[] = []) =>
  w.call('POST', url('/trash/restore'), who, { document_ids: documentIds, folder_ids: folderIds });

describe('emptying the trash', () => {
  it('is refused to client users and read-only collaborators, whoever deleted what', async () => {
    const f = await w.folder('Empty');
    const byFirm = await w.document(f, 'firm.txt');
    const byClient = await w.document(f, 'client.txt');
    await toTrash('admin', [byFirm]);
    await toTrash('client', [byClient]);
    for (const who of ['client', 'otherClient', 'readonly'] as const) {
      const res = await w.call('DELETE', url('/trash'), who);
      expect(res.status, who).toBe(403);
      expect(res.body.code).toBe('forbidden');
    }
    expect(await trashed()).toEqual(['client.txt', 'firm.txt']);
    // Restoring what one deleted stays the client's.
    expect((await restore('client', [byClient])).status).toBe(200);
    expect(await trashed()).toEqual(['firm.txt']);
  });

  it('is done by an assigned collaborator with write access, and by the administrator', async () => {
    const f = await w.folder('Purge');
    await toTrash('client', [await w.document(f, 'one.txt')]);
    expect((await w.call('DELETE', url('/trash'), 'collab')).status).toBe(204);
    expect(await trashed()).toEqual([]);
    await toTrash('collab', [await w.document(f, 'two.txt')]);
    expect((await w.call('DELETE', url('/trash'), 'admin')).status).toBe(204);
    expect(await trashed()).toEqual([]);
  });
});

describe('restoring from the trash', () => {
  it('a client user restores only what they deleted themselves', async () => {
    const f = await w.folder('Restore');
    const mine = await w.document(f, 'mine.txt');
    const firms = await w.document(f, 'firms.txt');
    const colleagues = await w.document(f, 'colleagues.txt');
    const sub = await w.folder('Sub', f);
    await toTrash('client', [mine]);
    await toTrash('admin', [firms], [sub]);
    await toTrash('otherClient', [colleagues]);

    for (const [docs, folders] of [
      [[firms], []],
      [[colleagues], []],
      [[], [sub]],
      [[mine, firms], []],
    ] as const) {
      const res = await restore('client', [...docs], [...folders]);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('forbidden');
    }
    // The refused selection changed nothing, not even the item the client deleted.
    expect(await trashed()).toEqual(['Sub', 'colleagues.txt', 'firms.txt', 'mine.txt']);
    expect((await restore('client', [mine])).status).toBe(200);
    expect((await restore('otherClient', [colleagues])).status).toBe(200);
    // The firm restores what anyone deleted.
    expect((await restore('collab', [firms], [sub])).status).toBe(200);
    expect(await w.names(f)).toEqual(['Sub', 'colleagues.txt', 'firms.txt', 'mine.txt']);
  });

  it('the firm restores what a client user deleted', async () => {
    const f = await w.folder('Firm restores');
    const doc = await w.document(f, 'deleted by client.txt');
    await toTrash('client', [doc]);
    expect((await restore('readonly', [doc])).status).toBe(403);
    expect((await restore('admin', [doc])).status).toBe(200);
    expect(await w.names(f)).toEqual(['deleted by client.txt']);
  });
});
