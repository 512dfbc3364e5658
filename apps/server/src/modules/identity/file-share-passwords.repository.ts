import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fileSharePasswords, users } from '../../db/schema';

export type FileSharePasswordRow = typeof fileSharePasswords.$inferSelect;

export async function listOf(db: Db, userId: number) {
  return db
    .select({
      id: fileSharePasswords.id,
      label: fileSharePasswords.label,
      createdAt: fileSharePasswords.createdAt,
      lastUsedAt: fileSharePasswords.lastUsedAt,
    })
    .from(fileSharePasswords)
    .where(eq(fileSharePasswords.userId, userId))
    .orderBy(asc(fileSharePasswords.createdAt), asc(fileSharePasswords.id));
}

export async function countOf(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(fileSharePasswords)
    .where(eq(fileSharePasswords.userId, userId));
  return row?.n ?? 0;
}

/** Sets the hash of the person's password under `label` (compared case-insensitively). */
export async function upsert(db: Db, userId: number, label: string, passwordHash: string) {
  const [updated] = await db
    .update(fileSharePasswords)
    .set({ passwordHash, label, createdAt: sql`now()`, lastUsedAt: null })
    .where(
      and(eq(fileSharePasswords.userId, userId), sql`lower(${fileSharePasswords.label}) = lower(${label})`),
    )
    .returning();
  if (updated) return updated;
  const [row] = await db.insert(fileSharePasswords).values({ userId, label, passwordHash }).returning();
  return row!;
}

export async function remove(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(fileSharePasswords)
    .where(and(eq(fileSharePasswords.id, id), eq(fileSharePasswords.userId, userId)))
    .returning({ id: fileSharePasswords.id });
  return rows.length > 0;
}

/** The account of `email` and its file-share password hashes (none when unknown). */
export async function credentialsOf(db: Db, email: string) {
  const rows = await db
    .select({
      userId: users.id,
      id: fileSharePasswords.id,
      passwordHash: fileSharePasswords.passwordHash,
    })
    .from(users)
    .leftJoin(fileSharePasswords, eq(fileSharePasswords.userId, users.id))
    .where(eq(users.email, email.toLowerCase()));
  return {
    userId: rows[0]?.userId ?? null,
    passwords: rows.flatMap((r) => (r.id && r.passwordHash ? [{ id: r.id, hash: r.passwordHash }] : [])),
  };
}

export async function touch(db: Db, id: number): Promise<void> {
  await db.update(fileSharePasswords).set({ lastUsedAt: sql`now()` }).where(eq(fileSharePasswords.id, id));
}
