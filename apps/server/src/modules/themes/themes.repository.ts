import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tasks, taskThemes, themes } from '../../db/schema';

export type ThemeRow = typeof themes.$inferSelect;
export type NewThemeRow = typeof themes.$inferInsert;
export type ThemeWithCount = ThemeRow & { taskCount: number };

const oneTheme = (accountingFirmId: number, id: number) =>
  and(eq(themes.accountingFirmId, accountingFirmId), eq(themes.id, id));

const taskCount = sql<number>`(SELECT count(*)::int FROM ${taskThemes} tt
  WHERE tt.accounting_firm_id = ${themes.accountingFirmId} AND tt.theme_id = ${themes.id})`.mapWith(Number);

/** The firm's themes by title (case-insensitive), with how many tasks carry each. */
export async function listThemes(db: Db, accountingFirmId: number): Promise<ThemeWithCount[]> {
  const rows = await db
    .select({ theme: themes, taskCount })
    .from(themes)
    .where(eq(themes.accountingFirmId, accountingFirmId))
    .orderBy(sql`lower(${themes.title})`, asc(themes.id));
  return rows.map((r) => ({ ...r.theme, taskCount: r.taskCount }));
}

export async function findTheme(
  db: Db,
  accountingFirmId: number,
  id: number,
): Promise<ThemeWithCount | undefined> {
  const [row] = await db
    .select({ theme: themes, taskCount })
    .from(themes)
    .where(oneTheme(accountingFirmId, id))
    .limit(1);
  return row && { ...row.theme, taskCount: row.taskCount };
}

/** Which of these ids are themes of the firm, locked against a deletion until the transaction ends. */
export async function lockThemesOfFirm(db: Db, accountingFirmId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: themes.id })
    .from(themes)
    .where(and(eq(themes.accountingFirmId, accountingFirmId), inArray(themes.id, ids)))
    .for('key share');
  return rows.map((r) => r.id);
}

export async function insertTheme(db: Db, values: NewThemeRow): Promise<ThemeRow> {
  const [row] = await db.insert(themes).values(values).returning();
  return row!;
}

export async function updateTheme(
  db: Db,
  accountingFirmId: number,
  id: number,
  values: Partial<NewThemeRow>,
): Promise<ThemeRow | undefined> {
  const [row] = await db
    .update(themes)
    .set({ ...values, updatedAt: new Date() })
    .where(oneTheme(accountingFirmId, id))
    .returning();
  return row;
}

/** Deletes a theme; its links to tasks go in the same statement (the foreign key cascades). */
export async function deleteTheme(db: Db, accountingFirmId: number, id: number): Promise<boolean> {
  const rows = await db.delete(themes).where(oneTheme(accountingFirmId, id)).returning({ id: themes.id });
  return rows.length > 0;
}

/** Replaces a task's themes. */
export async function setTaskThemes(
  db: Db,
  task: { accountingFirmId: number; id: number },
  themeIds: number[],
): Promise<void> {
  await db
    .delete(taskThemes)
    .where(and(eq(taskThemes.accountingFirmId, task.accountingFirmId), eq(taskThemes.taskId, task.id)));
  if (themeIds.length) {
    await db
      .insert(taskThemes)
      .values(
        themeIds.map((themeId) => ({ accountingFirmId: task.accountingFirmId, taskId: task.id, themeId })),
      )
      .onConflictDoNothing();
  }
}

/** The themes of a task by title (client users: not the firm's private ones). */
export async function themesOfTask(db: Db, accountingFirmId: number, taskId: number, firmSide: boolean) {
  return db
    .select({ id: themes.id, title: themes.title, colour: themes.colour })
    .from(taskThemes)
    .innerJoin(
      themes,
      and(eq(themes.accountingFirmId, taskThemes.accountingFirmId), eq(themes.id, taskThemes.themeId)),
    )
    .where(
      and(
        eq(taskThemes.accountingFirmId, accountingFirmId),
        eq(taskThemes.taskId, taskId),
        firmSide ? undefined : sql`${themes.sharing} <> 'private_firm'`,
      ),
    )
    .orderBy(sql`lower(${themes.title})`, asc(themes.id));
}

/** Drops the theme links of a client file's tasks (before it moves to another portal). */
export async function deleteVendorTaskThemes(db: Db, accountingFirmId: number, vendorId: number) {
  await db.delete(taskThemes).where(
    and(
      eq(taskThemes.accountingFirmId, accountingFirmId),
      inArray(
        taskThemes.taskId,
        db
          .select({ id: tasks.id })
          .from(tasks)
          .where(and(eq(tasks.accountingFirmId, accountingFirmId), eq(tasks.vendorId, vendorId))),
      ),
    ),
  );
}
