import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { countDrift, type DocsWorld, docsWorld, newFolder } from '../../../../test/documents';

type Who = Parameters<DocsWorld['call']>[2];

/** Concurrency shows on PostgreSQL only (PGlite runs one transaction at a time). */
describe.runIf(inject('databaseKind') === 'postgres')(
  'one folder changed by two users at once (PostgreSQL)',
  () => {
    let w: DocsWorld;
    let base = 0;
    beforeAll(async () => {
      w = await docsWorld();
      base = await newFolder(w, 'Race', w.root);
    });
    afterAll(() => w.t.close());

    const folder = (name: string, parent = base) => newFolder(w, name, parent);
    const rename = (id: number, body: object, who: Who) =>
      w.call('PATCH', `/api/vendors/${w.vendor}/folders/${id}`, who, body);
    /** The folder's row as the database holds it, and the folders of its parent named like it. */
    async function row(id: number) {
      const result = await w.t.database.db.execute(sql`
      SELECT f.name, f.read_only, f.deleted_at IS NOT NULL AS trashed,
             (SELECT count(*)::int FROM folders s WHERE s.parent_id = f.parent_id AND s.deleted_at IS NULL
                 AND lower(s.name) = lower(f.name)) AS same_name
        FROM folders f WHERE f.id = ${id}`);
      return (
        result as unknown as {
          rows: { name: string; read_only: boolean; trashed: boolean; same_name: number }[];
        }
      ).rows[0]!;
    }
    /** Sent `ms` later, so that either request of a pair may take the folder's row first. */
    const later = <T>(ms: number, send: () => Promise<T>) => new Promise((r) => setTimeout(r, ms)).then(send);
    /** Every answer a 2xx or a clean refusal of the decisions, never a server error. */
    const clean = (...answers: { status: number; body: { code?: string } }[]) => {
      for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
    };

    it('two users renaming one folder to two names: both answered, one final name, the row whole', async () => {
      for (let i = 0; i < 10; i++) {
        const id = await folder(`Dossier ${i}`);
        const [a, b] = await Promise.all([
          rename(id, { name: `Alpha ${i}` }, 'expert'),
          rename(id, { name: `Beta ${i}` }, 'collab'),
        ]);
        clean(a, b);
        // The folder's row lock serialises them: each is a rename of a free name, the later one stays.
        expect([a.status, b.status]).toEqual([200, 200]);
        const now = await row(id);
        expect([`Alpha ${i}`, `Beta ${i}`]).toContain(now.name);
        expect(now).toMatchObject({ read_only: false, trashed: false, same_name: 1 });
        const got = await w.call('GET', `/api/vendors/${w.vendor}/folders/${id}`);
        expect(got.body.data.name).toBe(now.name);
        const listed = (
          await w.call('GET', `/api/vendors/${w.vendor}/folders?parent_id=${base}`)
        ).body.data.filter((f: { id: number }) => f.id === id);
        expect(listed.map((f: { name: string }) => f.name)).toEqual([now.name]);
      }
    });

    it('two users renaming one folder to one name in other cases: one name, no clash with itself', async () => {
      for (let i = 0; i < 6; i++) {
        const id = await folder(`Casse ${i}`);
        const [a, b] = await Promise.all([
          rename(id, { name: `Même ${i}` }, 'expert'),
          rename(id, { name: `MÊME ${i}` }, 'client'),
        ]);
        clean(a, b);
        expect([a.status, b.status]).toEqual([200, 200]);
        const now = await row(id);
        expect([`Même ${i}`, `MÊME ${i}`]).toContain(now.name);
        expect(now.same_name).toBe(1);
      }
    });

    it('a rename while the folder is set read-only: the rename passes first or is refused (node-readonly)', async () => {
      for (let i = 0; i < 9; i++) {
        const id = await folder(`Verrou ${i}`);
        const [renamed, locked] = await Promise.all([
          later(i % 3, () => rename(id, { name: `Renommé ${i}` }, 'client')),
          rename(id, { read_only: true }, 'expert'),
        ]);
        clean(renamed, locked);
        expect(locked.status).toBe(200);
        const now = await row(id);
        expect(now.read_only).toBe(true);
        if (renamed.status === 200) expect(now.name).toBe(`Renommé ${i}`);
        else {
          expect(renamed.status).toBe(403);
          expect(renamed.body.code).toBe('node-readonly');
          expect(now.name).toBe(`Verrou ${i}`);
        }
      }
    });

    it('a rename while the folder is deleted: in the trash either way, renamed or not', async () => {
      for (let i = 0; i < 9; i++) {
        const id = await folder(`Parti ${i}`);
        const [renamed, deleted] = await Promise.all([
          later(i % 3, () => rename(id, { name: `Ailleurs ${i}` }, 'expert')),
          w.call('DELETE', `/api/vendors/${w.vendor}/folders/${id}`, 'collab'),
        ]);
        clean(renamed, deleted);
        expect(deleted.status).toBe(204);
        expect([200, 404]).toContain(renamed.status);
        const now = await row(id);
        expect(now.trashed).toBe(true);
        expect(now.name).toBe(renamed.status === 200 ? `Ailleurs ${i}` : `Parti ${i}`);
        expect((await w.call('GET', `/api/vendors/${w.vendor}/folders/${id}`)).status).toBe(404);
      }
      expect(await countDrift(w)).toBe(0);
    });
  },
);
