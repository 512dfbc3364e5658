import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DocsWorld, docsWorld, newDocument, newFolder, upload } from '../../../../test/documents';

/** No two items of one parent share a name, whatever their kind (issue 23, "Names"). */
let w: DocsWorld;
let base = 0;
beforeAll(async () => {
  w = await docsWorld();
  base = await newFolder(w, 'Names', w.root);
});
afterAll(() => w.t.close());

const folder = (name: string, parent = base) => newFolder(w, name, parent);
const file = (parent: number, name: string, content = name) => newDocument(w, parent, name, content);
const list = async (parent: number) =>
  (await w.call('GET', `/api/vendors/${w.vendor}/folders/${parent}/nodes?per_page=100`)).body.data as {
    id: number;
    name: string;
    type: 'folder' | 'document';
  }[];
const names = async (parent: number) =>
  (await list(parent)).map((n) => `${n.type === 'folder' ? 'd' : 'f'}:${n.name}`).sort();
const post = (url: string, body: object) => w.call('POST', `/api/vendors/${w.vendor}${url}`, 'expert', body);
const conflict = { code: 'node-name-conflict' };

describe('a folder and a document of one parent', () => {
  it('a new folder may not take a document’s name (any case)', async () => {
    const p = await folder('Create');
    await file(p, 'bilan.pdf');
    const res = await post('/folders', { name: 'BILAN.pdf', parent_id: p });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ ...conflict, errors: { name: [expect.any(String)] } });
    expect(await names(p)).toEqual(['f:bilan.pdf']);
  });

  it('an upload may not take a folder’s name: refused by default, else "name (2)"', async () => {
    const p = await folder('Upload');
    await folder('Bilan.pdf', p);
    const refused = await upload(w, p, 'bilan.PDF', Buffer.from('a'));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ ...conflict, errors: { flowFilename: [expect.any(String)] } });
    // A folder has no versions: "version" as "rename" makes a new document.
    expect((await upload(w, p, 'bilan.PDF', Buffer.from('b'), { conflict: 'version' })).status).toBe(200);
    expect((await upload(w, p, 'bilan.PDF', Buffer.from('c'), { conflict: 'rename' })).status).toBe(200);
    expect(await names(p)).toEqual(['d:Bilan.pdf', 'f:bilan (2).PDF', 'f:bilan (3).PDF']);
  });

  it('the folder of a relative path may not be a document', async () => {
    const p = await folder('Path');
    await file(p, 'scans');
    const res = await upload(w, p, 'a.txt', Buffer.from('a'), {
      relativePath: 'Scans/a.txt',
      conflict: 'rename',
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject(conflict);
    expect(await names(p)).toEqual(['f:scans']);
  });

  it('renames: a folder to a document’s name, a document to a folder’s, both refused', async () => {
    const p = await folder('Rename');
    const doc = await file(p, 'notes.txt');
    const sub = await folder('Archive', p);
    const toDoc = await w.call('PATCH', `/api/vendors/${w.vendor}/folders/${sub}`, 'expert', {
      name: 'Notes.TXT',
    });
    expect(toDoc.status).toBe(422);
    expect(toDoc.body).toMatchObject(conflict);
    const toFolder = await w.call('PATCH', `/api/vendors/${w.vendor}/documents/${doc}`, 'expert', {
      name: 'archive',
    });
    expect(toFolder.status).toBe(422);
    expect(toFolder.body).toMatchObject(conflict);
    // Its own name in another case is no clash.
    expect(
      (await w.call('PATCH', `/api/vendors/${w.vendor}/folders/${sub}`, 'expert', { name: 'ARCHIVE' }))
        .status,
    ).toBe(200);
    expect(await names(p)).toEqual(['d:ARCHIVE', 'f:notes.txt']);
  });

  it('moves and copies: refused, or the newcomer renamed (a document is never merged nor versioned into a folder)', async () => {
    const from = await folder('From');
    const to = await folder('To');
    await folder('report', to);
    await file(to, 'plans');
    const doc = await file(from, 'REPORT');
    const sub = await folder('Plans', from);
    for (const route of ['/nodes/move', '/nodes/copy']) {
      const refusedDoc = await post(route, { folder_id: to, document_ids: [doc] });
      expect(refusedDoc.status).toBe(422);
      expect(refusedDoc.body).toMatchObject(conflict);
      const refusedFolder = await post(route, { folder_id: to, folder_ids: [sub] });
      expect(refusedFolder.status).toBe(422);
      expect(refusedFolder.body).toMatchObject(conflict);
    }
    expect(await names(to)).toEqual(['d:report', 'f:plans']);
    const copied = await post('/nodes/copy', {
      folder_id: to,
      document_ids: [doc],
      folder_ids: [sub],
      conflict: 'version',
      folder_conflict: 'merge',
    });
    expect(copied.status).toBe(200);
    expect(await names(to)).toEqual(['d:Plans (2)', 'd:report', 'f:REPORT (2)', 'f:plans']);
    const moved = await post('/nodes/move', {
      folder_id: to,
      document_ids: [doc],
      folder_ids: [sub],
      conflict: 'rename',
      folder_conflict: 'rename',
    });
    expect(moved.status).toBe(200);
    expect(await names(to)).toEqual([
      'd:Plans (2)',
      'd:Plans (3)',
      'd:report',
      'f:REPORT (2)',
      'f:REPORT (3)',
      'f:plans',
    ]);
    expect(await names(from)).toEqual([]);
  });

  it('restores from the trash: a name taken meanwhile by the other kind is refused, or renamed', async () => {
    const p = await folder('Restore');
    const doc = await file(p, 'keep');
    expect((await post('/nodes/delete', { document_ids: [doc], folder_ids: [] })).status).toBe(200);
    await folder('Keep', p);
    const refused = await post('/trash/restore', { document_ids: [doc], folder_ids: [] });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject(conflict);
    expect(
      (await post('/trash/restore', { document_ids: [doc], folder_ids: [], conflict: 'rename' })).status,
    ).toBe(200);
    expect(await names(p)).toEqual(['d:Keep', 'f:keep (2)']);
  });
});

/** Concurrency shows on PostgreSQL only (PGlite runs one transaction at a time). */
describe.runIf(inject('databaseKind') === 'postgres')(
  'two kinds taking one name at once (PostgreSQL)',
  () => {
    const oneOf = (...answers: { status: number; body: { code?: string } }[]) => {
      expect(answers.filter((a) => a.status < 300)).toHaveLength(1);
      expect(answers.filter((a) => a.status >= 300).map((a) => [a.status, a.body.code])).toEqual([
        [422, 'node-name-conflict'],
      ]);
    };

    it('a new folder and an upload of one name: one of them', async () => {
      for (let i = 0; i < 4; i++) {
        const p = await folder(`Race new ${i}`);
        const [made, uploaded] = await Promise.all([
          post('/folders', { name: 'Same', parent_id: p }),
          upload(w, p, 'same', Buffer.from(`x${i}`)),
        ]);
        oneOf(made, uploaded);
        expect(await list(p)).toHaveLength(1);
      }
    });

    it('a folder and a document renamed to one name: one of them', async () => {
      for (let i = 0; i < 4; i++) {
        const p = await folder(`Race rename ${i}`);
        const sub = await folder('a', p);
        const doc = await file(p, 'b');
        const [folderRenamed, docRenamed] = await Promise.all([
          w.call('PATCH', `/api/vendors/${w.vendor}/folders/${sub}`, 'expert', { name: 'Same' }),
          w.call('PATCH', `/api/vendors/${w.vendor}/documents/${doc}`, 'client', { name: 'same' }),
        ]);
        oneOf(folderRenamed, docRenamed);
        expect((await names(p)).filter((n) => n.toLowerCase().endsWith(':same'))).toHaveLength(1);
      }
    });
  },
);

describe('migration 0024', () => {
  it('renames the documents clashing with a folder of their parent, the folder keeping its name', async () => {
    const p = await folder('Legacy');
    await file(p, 'taxes (2).pdf');
    const doc = await file(p, 'other.pdf');
    const plain = await file(p, 'other');
    const sub = await folder('Sub', p);
    // Clashes as they could be made before the rule: written past the application.
    const db = w.t.database.db;
    await db.execute(sql`UPDATE documents SET name = 'Taxes.pdf' WHERE id = ${doc}`);
    await db.execute(sql`UPDATE documents SET name = 'sub' WHERE id = ${plain}`);
    await db.execute(sql`UPDATE folders SET name = 'taxes.PDF' WHERE id = ${sub}`);
    expect(await names(p)).toEqual(['d:taxes.PDF', 'f:Taxes.pdf', 'f:sub', 'f:taxes (2).pdf']);
    const migration = path.join(import.meta.dirname, '../../../db/migrations/0024_names_across_kinds.sql');
    await db.execute(sql.raw(fs.readFileSync(migration, 'utf8')));
    expect(await names(p)).toEqual(['d:taxes.PDF', 'f:Taxes (3).pdf', 'f:sub', 'f:taxes (2).pdf']);
    // "sub" no longer clashes (the folder is "taxes.PDF" now): left alone.
    await db.execute(sql`UPDATE documents SET name = 'Taxes.PDF' WHERE id = ${plain}`);
    await db.execute(sql.raw(fs.readFileSync(migration, 'utf8')));
    expect(await names(p)).toEqual(['d:taxes.PDF', 'f:Taxes (3).pdf', 'f:Taxes (4).PDF', 'f:taxes (2).pdf']);
  });
});
