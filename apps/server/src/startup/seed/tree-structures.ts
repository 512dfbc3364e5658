import { isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type TreeFolder, treeStructures } from '../../db/schema';

/** The folder tree shipped with the product, offered to every firm. */
export const DEFAULT_TREE: TreeFolder[] = [
  { name: 'Comptabilité', children: [{ name: 'Achats' }, { name: 'Ventes' }, { name: 'Banque' }] },
  { name: 'Fiscal', children: [{ name: 'TVA' }, { name: 'Liasses fiscales' }] },
  { name: 'Social', children: [{ name: 'Bulletins de paie' }, { name: 'Déclarations sociales' }] },
  { name: 'Juridique', children: [{ name: 'Statuts' }, { name: 'Assemblées' }] },
  { name: 'Lettres de mission' },
];

/** Writes the platform's default tree structure once, on every database (demo or not). */
export async function ensureDefaultTreeStructure(db: Db): Promise<void> {
  const [existing] = await db
    .select({ id: treeStructures.id })
    .from(treeStructures)
    .where(isNull(treeStructures.accountingFirmId))
    .limit(1);
  if (!existing)
    await db.insert(treeStructures).values({ name: 'Standard', folders: DEFAULT_TREE, isDefault: true });
}
