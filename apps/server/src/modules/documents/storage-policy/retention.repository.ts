import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { DEFAULT_TRASH_RETENTION_DAYS } from '../../../db/schema';
import { rowsOf } from '../sql-rows.sql';
import type { VendorRef } from './storage-policy.repository';

const intArray = (ids: number[]): SQL => sql`${`{${ids.map((i) => Math.trunc(i)).join(',')}}`}::int[]`;
const held = (alias: string) =>
  sql.raw(`EXISTS (SELECT 1 FROM legal_holds h WHERE h.accounting_firm_id = ${alias}.accounting_firm_id
                     AND h.vendor_id = ${alias}.id AND h.lifted_at IS NULL)`);

export type FirmRetention = { accountingFirmId: number; trashDays: number; keepVersions: number | null };

/** Every portal whose rules remove something: a trash kept for a while, or a version limit. */
export async function retainingFirms(db: Db): Promise<FirmRetention[]> {
  const result = await db.execute(sql`
    SELECT f.id, coalesce(p.trash_retention_days, ${DEFAULT_TRASH_RETENTION_DAYS}) AS days, p.version_retention AS keep
      FROM accounting_firms f LEFT JOIN storage_policies p ON p.accounting_firm_id = f.id
     WHERE coalesce(p.trash_retention_days, ${DEFAULT_TRASH_RETENTION_DAYS}) > 0 OR p.version_retention IS NOT NULL
     ORDER BY f.id`);
  return rowsOf<{ id: number; days: number; keep: number | null }>(result).map((r) => ({
    accountingFirmId: Number(r.id),
    trashDays: Number(r.days),
    keepVersions: r.keep === null ? null : Number(r.keep),
  }));
}

/**
 * The firm's client files not under legal hold that have something to remove: trash older than
 * its retention, or versions to count (when a limit is set).
 */
export async function vendorsToRetain(db: Db, firm: FirmRetention): Promise<number[]> {
  const id = firm.accountingFirmId;
  const old = sql`deleted_at < now() - make_interval(days => ${firm.trashDays}::int)`;
  const trash =
    firm.trashDays > 0
      ? sql`EXISTS (SELECT 1 FROM documents d WHERE d.accounting_firm_id = v.accounting_firm_id
                      AND d.vendor_id = v.id AND d.${old})
            OR EXISTS (SELECT 1 FROM folders f WHERE f.accounting_firm_id = v.accounting_firm_id
                      AND f.vendor_id = v.id AND f.${old})`
      : sql`false`;
  const result = await db.execute(sql`
    SELECT v.id FROM vendors v WHERE v.accounting_firm_id = ${id} AND NOT ${held('v')}
       AND (${firm.keepVersions !== null} OR ${trash})
     ORDER BY v.id`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}

/**
 * Locks the client file's root folder (as the trash's routes do, so a restore and the job
 * queue) and answers whether the client file is under legal hold, seen under that lock.
 */
export async function lockForRemoval(tx: Db, vendor: VendorRef): Promise<{ held: boolean }> {
  await tx.execute(sql`
    SELECT id FROM folders WHERE accounting_firm_id = ${vendor.accountingFirmId} AND vendor_id = ${vendor.id}
       AND parent_id IS NULL FOR UPDATE`);
  const result = await tx.execute(sql`
    SELECT ${held('v')} AS held FROM vendors v
     WHERE v.accounting_firm_id = ${vendor.accountingFirmId} AND v.id = ${vendor.id}`);
  return { held: Boolean(rowsOf<{ held: boolean }>(result)[0]?.held) };
}

/**
 * Deletes for good what went to the trash more than `days` days ago: its documents (their
 * blobs queued for the cleanup), then its folders left empty, deepest first (a folder is never
 * deleted with content, so nothing more recent goes along). Answers the documents' count.
 */
export async function emptyTrashBefore(tx: Db, vendor: VendorRef, days: number): Promise<number> {
  const firm = vendor.accountingFirmId;
  const old = sql`deleted_at < now() - make_interval(days => ${days}::int)`;
  await tx.execute(sql`
    INSERT INTO blob_deletions (blob_key)
    SELECT DISTINCT v.blob_key FROM document_versions v
      JOIN documents d ON d.accounting_firm_id = v.accounting_firm_id AND d.id = v.document_id
     WHERE d.accounting_firm_id = ${firm} AND d.vendor_id = ${vendor.id} AND d.${old}
    ON CONFLICT (blob_key) DO NOTHING`);
  const docs = rowsOf(
    await tx.execute(sql`
    DELETE FROM documents WHERE accounting_firm_id = ${firm} AND vendor_id = ${vendor.id} AND ${old}
    RETURNING id`),
  ).length;
  for (;;) {
    const gone = rowsOf(
      await tx.execute(sql`
      DELETE FROM folders f WHERE f.accounting_firm_id = ${firm} AND f.vendor_id = ${vendor.id}
         AND f.parent_id IS NOT NULL AND f.${old}
         AND NOT EXISTS (SELECT 1 FROM folders c WHERE c.accounting_firm_id = f.accounting_firm_id
                           AND c.parent_id = f.id)
         AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.accounting_firm_id = f.accounting_firm_id
                           AND d.folder_id = f.id)
      RETURNING f.id`),
    ).length;
    if (gone === 0) break;
  }
  return docs;
}

/**
 * Keeps each document's latest `keep` versions: older ones go, but never a validated version nor
 * the current one. A kept version whose ancestor went names the nearest older version kept. Their
 * blobs are queued for the cleanup. Answers the versions removed.
 */
export async function removeOldVersions(tx: Db, vendor: VendorRef, keep: number): Promise<number> {
  const firm = vendor.accountingFirmId;
  const doomed = rowsOf<{ id: number }>(
    await tx.execute(sql`
    SELECT r.id FROM (
      SELECT v.id, v.validated_at, d.current_version_id,
             row_number() OVER (PARTITION BY v.document_id ORDER BY v.id DESC) AS rank
        FROM document_versions v
        JOIN documents d ON d.accounting_firm_id = v.accounting_firm_id AND d.id = v.document_id
       WHERE d.accounting_firm_id = ${firm} AND d.vendor_id = ${vendor.id}) r
     WHERE r.rank > ${keep} AND r.validated_at IS NULL
       AND r.id IS DISTINCT FROM r.current_version_id`),
  ).map((r) => Number(r.id));
  if (doomed.length === 0) return 0;
  // Validated meanwhile: kept (the row lock makes the condition seen as committed).
  const removed = rowsOf<{ id: number; blob_key: string }>(
    await tx.execute(sql`
    DELETE FROM document_versions WHERE accounting_firm_id = ${firm} AND id = ANY(${intArray(doomed)})
       AND validated_at IS NULL RETURNING id, blob_key`),
  );
  if (removed.length === 0) return 0;
  const ids = removed.map((r) => Number(r.id));
  const keys = [...new Set(removed.map((r) => r.blob_key))];
  await tx.execute(sql`
    INSERT INTO blob_deletions (blob_key) VALUES ${sql.join(
      keys.map((k) => sql`(${k})`),
      sql`, `,
    )} ON CONFLICT (blob_key) DO NOTHING`);
  await tx.execute(sql`
    UPDATE document_versions v SET ancestor_id = (
             SELECT max(s.id) FROM document_versions s
              WHERE s.accounting_firm_id = v.accounting_firm_id AND s.document_id = v.document_id AND s.id < v.id)
     WHERE v.accounting_firm_id = ${firm} AND v.ancestor_id = ANY(${intArray(ids)})`);
  return removed.length;
}
