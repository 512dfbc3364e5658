import { and, eq, gt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { davLocks } from '../../db/schema';
import type { VendorRef } from '../documents/tree/tree.service';

export type LockRow = typeof davLocks.$inferSelect;

const ofVendor = (v: VendorRef) =>
  and(
    eq(davLocks.accountingFirmId, v.accountingFirmId),
    eq(davLocks.vendorId, v.id),
    gt(davLocks.expiresAt, sql`now()`),
  );

/**
 * The live locks that cover `path` (on it, or on an ancestor with depth infinity) and, with
 * `below`, those on anything under it too (a depth-infinity lock or a collection's DELETE/MOVE).
 */
export async function locksAround(
  db: Db,
  vendor: VendorRef,
  path: string,
  below: boolean,
): Promise<LockRow[]> {
  const ancestorInfinity = sql`${davLocks.depth} = 'infinity' AND (${davLocks.path} = '' OR starts_with(${path}::text, ${davLocks.path} || '/'))`;
  const under = path === '' ? sql`true` : sql`starts_with(${davLocks.path}, ${`${path}/`}::text)`;
  return db
    .select()
    .from(davLocks)
    .where(and(ofVendor(vendor), or(eq(davLocks.path, path), ancestorInfinity, below ? under : sql`false`)));
}

export async function insertLock(db: Db, values: typeof davLocks.$inferInsert): Promise<LockRow> {
  const [row] = await db.insert(davLocks).values(values).returning();
  return row!;
}

export async function findByToken(db: Db, vendor: VendorRef, token: string): Promise<LockRow | undefined> {
  const [row] = await db
    .select()
    .from(davLocks)
    .where(and(ofVendor(vendor), eq(davLocks.token, token)));
  return row;
}

export async function refresh(db: Db, id: number, timeoutSeconds: number): Promise<LockRow> {
  const [row] = await db
    .update(davLocks)
    .set({ timeoutSeconds, expiresAt: sql`now() + make_interval(secs => ${timeoutSeconds})` })
    .where(eq(davLocks.id, id))
    .returning();
  return row!;
}

export async function deleteLock(db: Db, id: number): Promise<void> {
  await db.delete(davLocks).where(eq(davLocks.id, id));
}

/** Drops the locks on `path` and under it (the item moved or went to the trash), and expired ones. */
export async function dropLocks(db: Db, vendor: VendorRef, path: string): Promise<void> {
  await db
    .delete(davLocks)
    .where(
      and(
        eq(davLocks.accountingFirmId, vendor.accountingFirmId),
        eq(davLocks.vendorId, vendor.id),
        or(
          eq(davLocks.path, path),
          path === '' ? sql`true` : sql`starts_with(${davLocks.path}, ${`${path}/`}::text)`,
          lte(davLocks.expiresAt, sql`now()`),
        ),
      ),
    );
}
