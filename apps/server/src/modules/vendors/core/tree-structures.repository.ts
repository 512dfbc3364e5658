import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type TreeFolder, treeStructures } from '../../../db/schema';

export type { TreeFolder };
export type TreeStructureRow = typeof treeStructures.$inferSelect;

/** The firm's own structures and the platform's. */
const available = (accountingFirmId: number) =>
  or(isNull(treeStructures.accountingFirmId), eq(treeStructures.accountingFirmId, accountingFirmId));

/** Whether the platform-wide structure (no firm) exists. */
export async function availableStructures(db: Db, accountingFirmId: number): Promise<TreeStructureRow[]> {
  return db.select().from(treeStructures).where(available(accountingFirmId)).orderBy(asc(treeStructures.id));
}

/** Default structures a firm may use (its own and the platform's), by id. */
export async function availableDefaults(db: Db, accountingFirmId: number): Promise<TreeStructureRow[]> {
  return db
    .select()
    .from(treeStructures)
    .where(and(available(accountingFirmId), eq(treeStructures.isDefault, true)))
    .orderBy(asc(treeStructures.id));
}
