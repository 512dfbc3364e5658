import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { davPreferences } from '../../db/schema';

export type DavPreferencesRow = { visibleAccountingFirmIds: number[] | null; folderFormat: string[] };

export async function preferencesOf(db: Db, userId: number): Promise<DavPreferencesRow | undefined> {
  const [row] = await db
    .select({
      visibleAccountingFirmIds: davPreferences.visibleAccountingFirmIds,
      folderFormat: davPreferences.folderFormat,
    })
    .from(davPreferences)
    .where(eq(davPreferences.userId, userId));
  return row;
}

export async function savePreferences(db: Db, userId: number, row: DavPreferencesRow): Promise<void> {
  await db
    .insert(davPreferences)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: davPreferences.userId, set: { ...row, updatedAt: new Date() } });
}
