import { and, asc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { documentUploadChunks, documentUploads } from '../../../db/schema';
import type { VendorRef } from '../folders/folders.repository';

export type UploadRow = typeof documentUploads.$inferSelect;
export type SessionKey = { folderId: number; userId: number; identifier: string };
export type SessionValues = Pick<
  UploadRow,
  'filename' | 'relativePath' | 'totalSize' | 'chunkSize' | 'totalChunks' | 'conflict' | 'md5'
>;

const ofSession = (vendor: VendorRef, key: SessionKey) =>
  and(
    eq(documentUploads.accountingFirmId, vendor.accountingFirmId),
    eq(documentUploads.vendorId, vendor.id),
    eq(documentUploads.folderId, key.folderId),
    eq(documentUploads.userId, key.userId),
    eq(documentUploads.identifier, key.identifier),
  );

export async function findSession(
  db: Db,
  vendor: VendorRef,
  key: SessionKey,
): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(documentUploads).where(ofSession(vendor, key));
  return row;
}

/** The session of this upload, created on its first chunk (concurrent first chunks share one). */
export async function openSession(
  db: Db,
  vendor: VendorRef,
  key: SessionKey,
  values: SessionValues,
): Promise<UploadRow> {
  const [row] = await db
    .insert(documentUploads)
    .values({ accountingFirmId: vendor.accountingFirmId, vendorId: vendor.id, ...key, ...values })
    .onConflictDoUpdate({
      target: [
        documentUploads.accountingFirmId,
        documentUploads.vendorId,
        documentUploads.folderId,
        documentUploads.userId,
        documentUploads.identifier,
      ],
      set: { updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function recordChunk(db: Db, upload: UploadRow, number: number, size: number): Promise<void> {
  await db
    .insert(documentUploadChunks)
    .values({ accountingFirmId: upload.accountingFirmId, uploadId: upload.id, number, size })
    .onConflictDoNothing();
}

export async function storedChunks(
  db: Db,
  upload: Pick<UploadRow, 'id' | 'accountingFirmId'>,
): Promise<number[]> {
  const rows = await db
    .select({ n: documentUploadChunks.number })
    .from(documentUploadChunks)
    .where(
      and(
        eq(documentUploadChunks.accountingFirmId, upload.accountingFirmId),
        eq(documentUploadChunks.uploadId, upload.id),
      ),
    )
    .orderBy(asc(documentUploadChunks.number));
  return rows.map((r) => r.n);
}

/**
 * Claims the assembly: one request in any process wins, once every chunk is recorded (a claim
 * older than `staleSeconds`, from a process that died, may be taken over).
 */
export async function claimAssembly(
  db: Db,
  upload: UploadRow,
  staleSeconds: number,
): Promise<UploadRow | undefined> {
  const [row] = await db
    .update(documentUploads)
    .set({ status: 'assembling', claimedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(documentUploads.accountingFirmId, upload.accountingFirmId),
        eq(documentUploads.id, upload.id),
        or(
          eq(documentUploads.status, 'receiving'),
          and(
            eq(documentUploads.status, 'assembling'),
            sql`${documentUploads.claimedAt} < now() - make_interval(secs => ${staleSeconds})`,
          ),
        ),
        sql`(SELECT count(*) FROM document_upload_chunks c WHERE c.accounting_firm_id = ${upload.accountingFirmId}
              AND c.upload_id = ${upload.id}) = ${documentUploads.totalChunks}`,
      ),
    )
    .returning();
  return row;
}

export async function findById(db: Db, firmId: number, id: number): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(documentUploads)
    .where(and(eq(documentUploads.accountingFirmId, firmId), eq(documentUploads.id, id)));
  return row;
}

export async function markDone(tx: Db, upload: UploadRow, documentId: number): Promise<void> {
  await tx
    .update(documentUploads)
    .set({ status: 'done', documentId, updatedAt: sql`now()` })
    .where(
      and(eq(documentUploads.accountingFirmId, upload.accountingFirmId), eq(documentUploads.id, upload.id)),
    );
}

/** Gives a failed assembly back (another chunk request may claim it again). */
export async function release(db: Db, upload: UploadRow): Promise<void> {
  await db
    .update(documentUploads)
    .set({ status: 'receiving', claimedAt: null, updatedAt: sql`now()` })
    .where(
      and(eq(documentUploads.accountingFirmId, upload.accountingFirmId), eq(documentUploads.id, upload.id)),
    );
}

export async function deleteSession(
  db: Db,
  upload: Pick<UploadRow, 'id' | 'accountingFirmId'>,
): Promise<void> {
  await db
    .delete(documentUploads)
    .where(
      and(eq(documentUploads.accountingFirmId, upload.accountingFirmId), eq(documentUploads.id, upload.id)),
    );
}

/** Sessions idle for `idleSeconds` (done ones after `doneSeconds`): the cleanup removes them. */
export async function staleSessions(db: Db, idleSeconds: number, doneSeconds: number): Promise<UploadRow[]> {
  return db
    .select()
    .from(documentUploads)
    .where(
      or(
        lt(documentUploads.updatedAt, sql`now() - make_interval(secs => ${idleSeconds})`),
        and(
          eq(documentUploads.status, 'done'),
          lt(documentUploads.updatedAt, sql`now() - make_interval(secs => ${doneSeconds})`),
        ),
      ),
    )
    .limit(1000);
}

/** Which of these upload ids still exist. */
export async function existingIds(db: Db, firmId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: documentUploads.id })
    .from(documentUploads)
    .where(
      and(
        eq(documentUploads.accountingFirmId, firmId),
        sql`${documentUploads.id} = ANY(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)})`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}
