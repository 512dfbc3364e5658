import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taskPreferences } from '../../db/schema';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The person's remembered admin mode in a firm, or its default when they never chose: on for an
 * administrator assigned to no client file (their assigned lists would be empty), else off.
 */
export async function adminModeOf(db: Db, accountingFirmId: number, userId: number): Promise<boolean> {
  const result = await db.execute(sql`
    SELECT COALESCE(
      (SELECT p.admin_mode FROM task_preferences p
        WHERE p.accounting_firm_id = ${accountingFirmId} AND p.user_id = ${userId}),
      NOT EXISTS (SELECT 1 FROM vendor_assignments a
        WHERE a.accounting_firm_id = ${accountingFirmId} AND a.user_id = ${userId})) AS admin_mode`);
  return rowsOf<{ admin_mode: boolean }>(result)[0]?.admin_mode === true;
}

export async function setAdminMode(db: Db, accountingFirmId: number, userId: number, adminMode: boolean) {
  await db
    .insert(taskPreferences)
    .values({ accountingFirmId, userId, adminMode })
    .onConflictDoUpdate({
      target: [taskPreferences.accountingFirmId, taskPreferences.userId],
      set: { adminMode, updatedAt: sql`now()` },
    });
}
