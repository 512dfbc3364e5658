import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { countDrift, type DocsWorld, docsWorld, newFolder, upload } from '../../../../test/documents';

/** Concurrency shows on PostgreSQL only (PGlite runs one transaction at a time). */
describe.runIf(inject('databaseKind') === 'postgres')('moves racing deletions (PostgreSQL)', () => {
  let w: DocsWorld;
  let base = 0;
  beforeAll(async () => {
    w = await docsWorld();
    base = await newFolder(w, 'Race', w.root);
  });
  afterAll(() => w.t.close());

  const folder = (name: string, parent = base) => newFolder(w, name, parent);

  /** Live rows under a trashed folder (orphans), and documents that are neither live nor in the trash. */
  async function orphans(): Promise<number> {
    const result = await w.t.database.db.execute(sql`
      SELECT (SELECT count(*) FROM documents d JOIN folders f ON f.id = d.folder_id
               WHERE d.deleted_at IS NULL AND f.deleted_at IS NOT NULL)
           + (SELECT count(*) FROM folders c JOIN folders p ON p.id = c.parent_id
               WHERE c.deleted_at IS NULL AND p.deleted_at IS NOT NULL)
           + (SELECT count(*) FROM documents d WHERE d.deleted_at IS NOT NULL AND d.trashed_with IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM folders f WHERE f.id = d.trashed_with AND f.deleted_at IS NOT NULL)) AS n`);
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
  }

  it('a document moved into a folder being deleted: in the trash with it, or left where it was', async () => {
    for (let i = 0; i < 8; i++) {
      const from = await folder(`From ${i}`);
      const to = await folder(`To ${i}`);
      const doc = (await upload(w, from, `d${i}.txt`, Buffer.from(`race ${i}`))).body.data.id;
      const [moved, deleted] = await Promise.all([
        w.call('POST', `/api/vendors/${w.vendor}/nodes/move`, 'expert', {
          folder_id: to,
          document_ids: [doc],
        }),
        w.call('DELETE', `/api/vendors/${w.vendor}/folders/${to}`, 'collab'),
      ]);
      expect(deleted.status).toBe(204);
      const where = (await w.call('GET', `/api/vendors/${w.vendor}/documents/${doc}`)).status;
      if (moved.status === 200) expect(where).toBe(404);
      else {
        expect(moved.status).toBe(422);
        expect(where).toBe(200);
      }
      // Restoring the folder brings the document back with it when it had arrived.
      await w.call('POST', `/api/vendors/${w.vendor}/trash/restore`, 'expert', { folder_ids: [to] });
      expect((await w.call('GET', `/api/vendors/${w.vendor}/documents/${doc}`)).status).toBe(200);
    }
    expect(await orphans()).toBe(0);
    expect(await countDrift(w)).toBe(0);
  });

  it('a folder moved under a folder whose parent is being deleted; a document moved while deleted', async () => {
    for (let i = 0; i < 8; i++) {
      const parent = await folder(`Parent ${i}`);
      const target = await folder(`Target ${i}`, parent);
      const moving = await folder(`Moving ${i}`);
      const doc = (await upload(w, moving, `m${i}.txt`, Buffer.from(`m ${i}`))).body.data.id;
      const lone = (await upload(w, moving, `lone${i}.txt`, Buffer.from(`l ${i}`))).body.data.id;
      const results = await Promise.all([
        w.call('POST', `/api/vendors/${w.vendor}/nodes/move`, 'expert', {
          folder_id: target,
          folder_ids: [moving],
        }),
        w.call('DELETE', `/api/vendors/${w.vendor}/folders/${parent}`, 'collab'),
        w.call('DELETE', `/api/vendors/${w.vendor}/documents/${lone}`, 'client'),
      ]);
      expect(results[1].status).toBe(204);
      expect([200, 422]).toContain(results[0].status);
      expect([204, 404]).toContain(results[2].status);
      void doc;
    }
    expect(await orphans()).toBe(0);
    expect(await countDrift(w)).toBe(0);
  });
});
