import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsWorld, docsWorld, restarted } from '../../../../test/documents';
import { buildFirm, buildFirmMember, buildVendor } from '../../../../test/factories';
import { folders, treeStructures, users } from '../../../db/schema';
import { prepareData } from '../../../startup/open-database';
import { DEFAULT_TREE } from '../../../startup/seed/tree-structures';
import { ensureAllVendorFolders } from '../tree/tree.service';

/**
 * Client files made before the document manager (an older database's, the demo's) get the
 * folders of their tree structure: at start-up, and on first use.
 */
let w: DocsWorld;
let demoFirm: number;
beforeAll(async () => {
  w = await docsWorld();
  demoFirm = (await w.call('GET', `/api/vendors/${w.vendor}`)).body.data.accounting_firm_id;
});
afterAll(() => w.t.close());

type FolderDto = { id: number; name: string; catalog_tree_folder_id: number | null };
const DEFAULT_NAMES = DEFAULT_TREE.map((f) => f.name);
/** Every folder of the tree, the root included. */
const DEFAULT_COUNT = 1 + DEFAULT_TREE.reduce((n, f) => n + 1 + (f.children?.length ?? 0), 0);

/** The tree as a server answers it: the root, its folders in order, and the first one's. */
async function treeOf(world: DocsWorld, vendor: number) {
  const root = (await world.call('GET', `/api/vendors/${vendor}/folders`)).body.data as FolderDto[];
  expect(root).toHaveLength(1);
  const top = (await world.call('GET', `/api/vendors/${vendor}/folders?parent_id=${root[0]!.id}`)).body
    .data as FolderDto[];
  const first = top[0]
    ? ((await world.call('GET', `/api/vendors/${vendor}/folders?parent_id=${top[0].id}`)).body
        .data as FolderDto[])
    : [];
  return {
    top: top.map((f) => f.name),
    positions: top.map((f) => f.catalog_tree_folder_id),
    first: first.map((f) => f.name),
  };
}

const folderCount = async (vendor: number) => {
  const [row] = await w.t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(folders)
    .where(eq(folders.vendorId, vendor));
  return Number(row!.n);
};

/** A start-up's data step on the test's database (what `openDatabase` runs after migrating). */
async function start(): Promise<string[]> {
  const messages: string[] = [];
  await prepareData(w.t.database.db, { seedDemo: false }, (m) => messages.push(m));
  return messages;
}

describe('client files made before the document manager', () => {
  it('get their root and tree folders at the next start, once', async () => {
    const db = w.t.database.db;
    // As an older database holds them: client files without any folder, one without a tree
    // structure, one with its own; and one of a firm whose own default tree is not the platform's.
    const { vendor: plain } = await buildVendor(db, { firm: { id: demoFirm } });
    const [own] = await db
      .insert(treeStructures)
      .values({ accountingFirmId: demoFirm, name: 'Cabinet Centre: social', folders: [{ name: 'Paie' }] })
      .returning();
    const { vendor: chosen } = await buildVendor(db, { firm: { id: demoFirm }, treeStructureId: own!.id });
    const { firm } = await buildFirm(db);
    await db.insert(treeStructures).values({
      accountingFirmId: firm.id,
      name: 'Maison',
      folders: [{ name: 'Pièces', children: [{ name: 'Factures' }] }, { name: 'Contrats' }],
      isDefault: true,
    });
    const [expert] = await db.select().from(users).where(eq(users.email, 'expert@portals.test'));
    await buildFirmMember(db, { firm, user: expert!, role: 'admin' });
    const { vendor: elsewhere } = await buildVendor(db, { firm });
    for (const v of [plain, chosen, elsewhere]) expect(await folderCount(v.id)).toBe(0);

    expect(await start()).toEqual(['Folders created for 3 client file(s) made before the document manager.']);
    const after = await restarted(w, path.join(os.tmpdir(), 'portal-test-data'));
    try {
      expect(await treeOf(after, plain.id)).toEqual({
        top: DEFAULT_NAMES,
        positions: [1, 5, 8, 11, 14],
        first: ['Achats', 'Ventes', 'Banque'],
      });
      expect(await treeOf(after, chosen.id)).toEqual({ top: ['Paie'], positions: [1], first: [] });
      expect(await treeOf(after, elsewhere.id)).toEqual({
        top: ['Pièces', 'Contrats'],
        positions: [1, 3],
        first: ['Factures'],
      });
    } finally {
      await after.close();
    }
    expect(await folderCount(plain.id)).toBe(DEFAULT_COUNT);

    // A second start (and two processes starting at once) adds nothing.
    const counts = async () => Promise.all([plain, chosen, elsewhere].map((v) => folderCount(v.id)));
    const before = await counts();
    expect(await start()).toEqual([]);
    expect(await Promise.all([ensureAllVendorFolders(db), ensureAllVendorFolders(db)])).toEqual([0, 0]);
    expect(await counts()).toEqual(before);
  });

  it('two processes starting at once give a client file its folders once', async () => {
    const { vendor } = await buildVendor(w.t.database.db, { firm: { id: demoFirm } });
    const given = await Promise.all([
      ensureAllVendorFolders(w.t.database.db),
      ensureAllVendorFolders(w.t.database.db),
    ]);
    expect(given.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await folderCount(vendor.id)).toBe(DEFAULT_COUNT);
    const roots = await w.t.database.db
      .select({ id: folders.id })
      .from(folders)
      .where(and(eq(folders.vendorId, vendor.id), sql`${folders.parentId} IS NULL`));
    expect(roots).toHaveLength(1);
  });

  it('get their tree folders on first use too, when no start came in between', async () => {
    const { vendor } = await buildVendor(w.t.database.db, { firm: { id: demoFirm } });
    expect(await treeOf(w, vendor.id)).toEqual({
      top: DEFAULT_NAMES,
      positions: [1, 5, 8, 11, 14],
      first: ['Achats', 'Ventes', 'Banque'],
    });
    expect(await folderCount(vendor.id)).toBe(DEFAULT_COUNT);
    // The tree is read again (and a start comes): nothing more.
    await treeOf(w, vendor.id);
    expect(await start()).toEqual([]);
    expect(await folderCount(vendor.id)).toBe(DEFAULT_COUNT);
  });
});

describe('the demo data set', () => {
  it("gives every client file of both portals the folders of its firm's default tree", async () => {
    const firms = (await w.call('GET', '/api/users/me/accounting-firms')).body.data as { id: number }[];
    const vendors: number[] = [];
    for (const firm of firms) {
      const list = (await w.call('GET', `/api/accounting-firms/${firm.id}/vendors`)).body.data as {
        id: number;
        company: string;
      }[];
      vendors.push(...list.filter((v) => !v.company.startsWith('Société')).map((v) => v.id));
    }
    expect(vendors).toHaveLength(4);
    for (const vendor of vendors) {
      expect(await treeOf(w, vendor)).toEqual({
        top: DEFAULT_NAMES,
        positions: [1, 5, 8, 11, 14],
        first: ['Achats', 'Ventes', 'Banque'],
      });
      expect(await folderCount(vendor)).toBe(DEFAULT_COUNT);
    }
  });
});
