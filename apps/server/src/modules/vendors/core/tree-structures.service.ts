import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import { type TreeFolder, treeStructures } from '../../../db/schema';
import type { Actor } from '../../../platform/auth/sessions';

/** The folder tree shipped with the product, offered to every firm. */
export const DEFAULT_TREE: TreeFolder[] = [
  { name: 'Comptabilité', children: [{ name: 'Achats' }, { name: 'Ventes' }, { name: 'Banque' }] },
  { name: 'Fiscal', children: [{ name: 'TVA' }, { name: 'Liasses fiscales' }] },
  { name: 'Social', children: [{ name: 'Bulletins de paie' }, { name: 'Déclarations sociales' }] },
  { name: 'Juridique', children: [{ name: 'Statuts' }, { name: 'Assemblées' }] },
  { name: 'Lettres de mission' },
];

export async function ensureDefaultTreeStructure(db: Db): Promise<void> {
  const [existing] = await db
    .select({ id: treeStructures.id })
    .from(treeStructures)
    .where(isNull(treeStructures.accountingFirmId))
    .limit(1);
  if (!existing)
    await db.insert(treeStructures).values({ name: 'Standard', folders: DEFAULT_TREE, isDefault: true });
}

const available = (accountingFirmId: number) =>
  or(isNull(treeStructures.accountingFirmId), eq(treeStructures.accountingFirmId, accountingFirmId));

/** The firm's default structure, else the platform's. */
export async function defaultTreeStructureId(db: Db, accountingFirmId: number): Promise<number | null> {
  const rows = await db
    .select()
    .from(treeStructures)
    .where(and(available(accountingFirmId), eq(treeStructures.isDefault, true)))
    .orderBy(asc(treeStructures.id));
  return (rows.find((r) => r.accountingFirmId === accountingFirmId) ?? rows[0])?.id ?? null;
}

export async function listTreeStructures(ctx: AppContext, actor: Actor, accountingFirmId: number) {
  await ctx.access.authorize(actor, 'vendor.list', { kind: 'firm', accountingFirmId });
  const rows = await ctx.db
    .select()
    .from(treeStructures)
    .where(available(accountingFirmId))
    .orderBy(asc(treeStructures.id));
  return rows.map((r) => ({ id: r.id, name: r.name, is_default: r.isDefault, folders: r.folders }));
}
