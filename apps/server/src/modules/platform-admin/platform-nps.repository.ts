import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { npsSettings } from '../../db/schema';

/** The satisfaction survey's settings: one row (id 1), absent until the super admin saves them. */
export type NpsRow = typeof npsSettings.$inferSelect;

export const readRow = async (db: Db): Promise<NpsRow | undefined> =>
  (await db.select().from(npsSettings).where(eq(npsSettings.id, 1)))[0];

export async function writeRow(db: Db, values: Omit<typeof npsSettings.$inferInsert, 'id'>): Promise<NpsRow> {
  const [row] = await db
    .insert(npsSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: npsSettings.id, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}
