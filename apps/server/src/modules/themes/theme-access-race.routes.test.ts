import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildDocumentsWorld, type DocumentsWorld } from '../../../test/documents-world';

/**
 * Issue 26: a tag racing a move of the folder (or of its new or old parent) leaves every folder's
 * `effective_theme_ids` as a walk from the root computes it (its own tags, else its parent's).
 * Concurrency shows on PostgreSQL only (PGlite runs one transaction at a time).
 */
describe.runIf(inject('databaseKind') === 'postgres')('a tag racing a move (PostgreSQL)', () => {
  let w: DocumentsWorld;
  const themes: number[] = [];
  beforeAll(async () => {
    w = await buildDocumentsWorld();
    for (const title of ['Comptable', 'Social', 'Juridique']) {
      const res = await w.call('POST', `/api/accounting-firms/${w.firm.id}/themes`, 'admin', {
        title,
        sharing: 'shared',
        rights: 'read_write',
      });
      themes.push(res.body.data.id);
    }
  });
  afterAll(() => w.t.close());

  const url = (path: string) => `/api/vendors/${w.vendor.id}${path}`;
  const tag = (folder: number, ids: number[]) =>
    w.call('PUT', url(`/folders/${folder}/themes`), 'admin', { theme_ids: ids });
  const move = (folder: number, into: number) =>
    w.call('POST', url('/nodes/move'), 'admin', { folder_ids: [folder], document_ids: [], folder_id: into });
  const later = <T>(ms: number, send: () => Promise<T>) => new Promise((r) => setTimeout(r, ms)).then(send);
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    (await w.db.execute(query)) as unknown as { rows: T[] };

  /** Folders whose stored effective themes differ from a walk of the tree from the root. */
  async function drift(): Promise<number> {
    const result = await rows<{ n: number }>(sql`
      WITH RECURSIVE expected(id, eff) AS (
        SELECT f.id, coalesce((SELECT array_agg(ft.theme_id ORDER BY ft.theme_id) FROM folder_themes ft
                 WHERE ft.accounting_firm_id = f.accounting_firm_id AND ft.folder_id = f.id), '{}'::int[])
          FROM folders f WHERE f.accounting_firm_id = ${w.firm.id} AND f.vendor_id = ${w.vendor.id}
           AND f.parent_id IS NULL
        UNION ALL
        SELECT c.id, coalesce((SELECT array_agg(ft.theme_id ORDER BY ft.theme_id) FROM folder_themes ft
                 WHERE ft.accounting_firm_id = c.accounting_firm_id AND ft.folder_id = c.id), expected.eff)
          FROM folders c JOIN expected ON c.parent_id = expected.id
      )
      SELECT count(*)::int AS n FROM expected JOIN folders f ON f.id = expected.id
       WHERE f.effective_theme_ids IS DISTINCT FROM expected.eff`);
    return Number(result.rows[0]!.n);
  }
  const effective = async (folder: number) =>
    (await rows<{ e: number[] }>(sql`SELECT effective_theme_ids AS e FROM folders WHERE id = ${folder}`))
      .rows[0]!.e;

  /** An untagged folder with two levels under it: its id and its deepest folder's. */
  async function subtree(name: string, parent = w.root) {
    const top = await w.folder(name, parent);
    const mid = await w.folder('Milieu', top);
    return { top, deep: await w.folder('Fond', mid) };
  }

  it('tagging the target while the folder moves into it: the subtree ends with the target’s tags', async () => {
    for (let i = 0; i < 8; i++) {
      const target = await w.folder(`Cible ${i}`);
      const { top, deep } = await subtree(`Mobile ${i}`);
      const tags = [themes[i % 3]!];
      const [a, b] = await Promise.all([
        later(i % 2 ? 0 : 5, () => tag(target, tags)),
        later(i % 2 ? 5 : 0, () => move(top, target)),
      ]);
      expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([200, 200]);
      expect(await effective(deep)).toEqual(tags);
      expect(await drift()).toBe(0);
    }
  });

  it('tagging the old parent, or the folder itself, while it moves: consistent whatever the order', async () => {
    for (let i = 0; i < 8; i++) {
      const from = await w.folder(`Départ ${i}`);
      const to = await w.folder(`Arrivée ${i}`);
      expect((await tag(to, [themes[0]!])).status).toBe(200);
      const { top, deep } = await subtree(`Voyageur ${i}`, from);
      const own = i % 2 === 0;
      const [a, b] = await Promise.all([
        later(i % 3 === 0 ? 4 : 0, () => tag(own ? top : from, [themes[1]!])),
        later(i % 3 === 0 ? 0 : 4, () => move(top, to)),
      ]);
      expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([200, 200]);
      // Its own tag wins wherever it lands; untagged, it inherits its new parent's.
      expect(await effective(deep)).toEqual(own ? [themes[1]!] : [themes[0]!]);
      expect(await drift()).toBe(0);
    }
  });

  it('untagging a folder while its parent moves under a tagged folder', async () => {
    for (let i = 0; i < 6; i++) {
      const tagged = await w.folder(`Étiqueté ${i}`);
      expect((await tag(tagged, [themes[2]!])).status).toBe(200);
      const { top, deep } = await subtree(`Parent ${i}`);
      const mid = (await w.call('GET', url(`/folders?parent_id=${top}`), 'admin')).body.data[0].id as number;
      expect((await tag(mid, [themes[0]!])).status).toBe(200);
      const [a, b] = await Promise.all([
        later(i % 2 ? 0 : 4, () => tag(mid, [])),
        later(i % 2 ? 4 : 0, () => move(top, tagged)),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(await effective(deep)).toEqual([themes[2]!]);
      expect(await drift()).toBe(0);
    }
  });
});
