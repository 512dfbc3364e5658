import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  accountingFirms,
  DEFAULT_TRASH_RETENTION_DAYS,
  DEFAULT_USER_RESERVED_BYTES,
  legalHolds,
  storagePolicies,
  users,
} from '../../../db/schema';
import { rowsOf } from '../sql-rows.sql';

export type VendorRef = { id: number; accountingFirmId: number };

export type Policy = {
  quotaBytes: number | null;
  userReservedBytes: number;
  trashRetentionDays: number;
  versionRetention: number | null;
};

export const DEFAULT_POLICY: Policy = {
  quotaBytes: null,
  userReservedBytes: DEFAULT_USER_RESERVED_BYTES,
  trashRetentionDays: DEFAULT_TRASH_RETENTION_DAYS,
  versionRetention: null,
};

export async function firmExists(db: Db, accountingFirmId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: accountingFirms.id })
    .from(accountingFirms)
    .where(eq(accountingFirms.id, accountingFirmId));
  return Boolean(row);
}

/** The portal's rules: its row, or the defaults when it has none. */
export async function policyOf(db: Db, accountingFirmId: number): Promise<Policy> {
  const [row] = await db
    .select()
    .from(storagePolicies)
    .where(eq(storagePolicies.accountingFirmId, accountingFirmId));
  return row
    ? {
        quotaBytes: row.quotaBytes === null ? null : Number(row.quotaBytes),
        userReservedBytes: Number(row.userReservedBytes),
        trashRetentionDays: row.trashRetentionDays,
        versionRetention: row.versionRetention,
      }
    : { ...DEFAULT_POLICY };
}

export async function savePolicy(db: Db, accountingFirmId: number, changes: Partial<Policy>): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db
    .insert(storagePolicies)
    .values({ accountingFirmId, ...changes })
    .onConflictDoUpdate({
      target: storagePolicies.accountingFirmId,
      set: { ...changes, updatedAt: new Date() },
    });
}

/**
 * What the portal holds: the blobs its versions (live and trashed) reference, each counted once,
 * and the declared sizes of its uploads under way.
 */
export async function usageOf(
  db: Db,
  accountingFirmId: number,
): Promise<{ stored: number; reserved: number }> {
  const result = await db.execute(sql`
    SELECT (SELECT coalesce(sum(b.size), 0) FROM (
              SELECT max(v.size) AS size FROM document_versions v
               WHERE v.accounting_firm_id = ${accountingFirmId} GROUP BY v.blob_key) b)::text AS stored,
           (SELECT coalesce(sum(u.total_size), 0) FROM document_uploads u
             WHERE u.accounting_firm_id = ${accountingFirmId} AND u.status <> 'done')::text AS reserved`);
  const row = rowsOf<{ stored: string; reserved: string }>(result)[0];
  return { stored: Number(row?.stored ?? 0), reserved: Number(row?.reserved ?? 0) };
}

/** One person's uploads under way in the portal: how many, and the bytes they reserve. */
export async function reservationsOf(
  db: Db,
  accountingFirmId: number,
  userId: number,
): Promise<{ open: number; bytes: number }> {
  const result = await db.execute(sql`
    SELECT count(*)::int AS open, coalesce(sum(u.total_size), 0)::text AS bytes FROM document_uploads u
     WHERE u.accounting_firm_id = ${accountingFirmId} AND u.user_id = ${userId} AND u.status <> 'done'`);
  const row = rowsOf<{ open: number; bytes: string }>(result)[0];
  return { open: Number(row?.open ?? 0), bytes: Number(row?.bytes ?? 0) };
}

export type HoldRow = { setAt: Date | string; setBy: { id: number; name: string } | null };

/** The client file's hold in force, if any. */
export async function activeHold(db: Db, vendor: VendorRef): Promise<HoldRow | undefined> {
  const [row] = await db
    .select({
      setAt: legalHolds.setAt,
      userId: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
    })
    .from(legalHolds)
    .leftJoin(users, eq(users.id, legalHolds.setBy))
    .where(
      and(
        eq(legalHolds.accountingFirmId, vendor.accountingFirmId),
        eq(legalHolds.vendorId, vendor.id),
        isNull(legalHolds.liftedAt),
      ),
    );
  if (!row) return undefined;
  const setBy =
    row.userId === null
      ? null
      : { id: row.userId, name: `${row.firstname ?? ''} ${row.lastname ?? ''}`.trim() };
  return { setAt: row.setAt, setBy };
}

/** Puts the client file on hold (a second call keeps the first hold). */
export async function setHold(db: Db, vendor: VendorRef, userId: number): Promise<void> {
  await db
    .insert(legalHolds)
    .values({ accountingFirmId: vendor.accountingFirmId, vendorId: vendor.id, setBy: userId })
    .onConflictDoNothing();
}

/** Lifts the hold in force; the row stays, with who lifted it and when. */
export async function liftHold(db: Db, vendor: VendorRef, userId: number): Promise<void> {
  await db
    .update(legalHolds)
    .set({ liftedAt: new Date(), liftedBy: userId })
    .where(
      and(
        eq(legalHolds.accountingFirmId, vendor.accountingFirmId),
        eq(legalHolds.vendorId, vendor.id),
        isNull(legalHolds.liftedAt),
      ),
    );
}
