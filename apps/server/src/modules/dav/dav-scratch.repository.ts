import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { davScratchFiles } from '../../db/schema';
import type { VendorRef } from '../documents/tree/tree.service';

export type ScratchRow = typeof davScratchFiles.$inferSelect;

/** A person's place in a client file: a GED folder of theirs, where their scratch files live. */
export type ScratchFolder = { vendor: VendorRef; folderId: number; userId: number };

const inFolder = (p: ScratchFolder) =>
  and(
    eq(davScratchFiles.accountingFirmId, p.vendor.accountingFirmId),
    eq(davScratchFiles.vendorId, p.vendor.id),
    eq(davScratchFiles.folderId, p.folderId),
    eq(davScratchFiles.userId, p.userId),
  );

const named = (name: string) => sql`lower(${davScratchFiles.name}) = lower(${name})`;
const alive = gt(davScratchFiles.expiresAt, sql`now()`);

export async function findScratch(
  db: Db,
  place: ScratchFolder,
  name: string,
): Promise<ScratchRow | undefined> {
  const [row] = await db
    .select()
    .from(davScratchFiles)
    .where(and(inFolder(place), named(name), alive));
  return row;
}

export async function listScratch(db: Db, place: ScratchFolder): Promise<ScratchRow[]> {
  return db
    .select()
    .from(davScratchFiles)
    .where(and(inFolder(place), alive))
    .orderBy(asc(davScratchFiles.name));
}

export type ScratchContent = { blobKey: string; size: number; md5: string; fromDocumentId?: number | null };

/**
 * Writes a scratch file (a new one, or over the same name, expired or not), locked in the
 * caller's transaction: the blob key it held before, for the cleanup's queue (null if none).
 */
export async function writeScratch(
  tx: Db,
  place: ScratchFolder,
  name: string,
  content: ScratchContent,
  ttlSeconds: number,
): Promise<{ row: ScratchRow; previous: string | null }> {
  const [existing] = await tx
    .select()
    .from(davScratchFiles)
    .where(and(inFolder(place), named(name)))
    .for('update');
  const values = {
    name,
    blobKey: content.blobKey,
    size: content.size,
    md5: content.md5,
    fromDocumentId: content.fromDocumentId ?? null,
    updatedAt: new Date(),
    expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
  };
  if (existing) {
    const [row] = await tx
      .update(davScratchFiles)
      .set(values)
      .where(eq(davScratchFiles.id, existing.id))
      .returning();
    return { row: row!, previous: existing.blobKey };
  }
  const [row] = await tx
    .insert(davScratchFiles)
    .values({
      ...values,
      accountingFirmId: place.vendor.accountingFirmId,
      vendorId: place.vendor.id,
      folderId: place.folderId,
      userId: place.userId,
    })
    .returning();
  return { row: row!, previous: null };
}

/** Deletes a scratch file: its blob key (for the cleanup's queue), or null when there was none. */
export async function deleteScratch(tx: Db, place: ScratchFolder, name: string): Promise<ScratchRow | null> {
  const [row] = await tx
    .delete(davScratchFiles)
    .where(and(inFolder(place), named(name)))
    .returning();
  return row ?? null;
}

/** Deletes up to `limit` expired scratch files, returning their blob keys. */
export async function deleteExpired(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .delete(davScratchFiles)
    .where(
      sql`${davScratchFiles.id} IN (SELECT id FROM dav_scratch_files WHERE ${lte(davScratchFiles.expiresAt, sql`now()`)} ORDER BY expires_at LIMIT ${limit})`,
    )
    .returning({ key: davScratchFiles.blobKey });
  return rows.map((r) => r.key);
}
