import { and, asc, eq, getTableColumns, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { documentUploadChunks, documentUploads } from '../../../db/schema';
import { preparedPerDatabase } from '../../../platform/db-prepared';
import { rowsOf } from '../sql-rows.sql';
import type { VendorRef } from '../vendor-ref';

export type UploadRow = typeof documentUploads.$inferSelect;
export type SessionKey = { folderId: number; userId: number; identifier: string };
export type SessionValues = Pick<
  UploadRow,
  'filename' | 'relativePath' | 'totalSize' | 'chunkSize' | 'totalChunks' | 'conflict' | 'md5'
>;

/** Every chunk reads its session: prepared once per database. */
const sessionQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(documentUploads)
    .where(
      and(
        eq(documentUploads.accountingFirmId, sql.placeholder('firmId')),
        eq(documentUploads.vendorId, sql.placeholder('vendorId')),
        eq(documentUploads.folderId, sql.placeholder('folderId')),
        eq(documentUploads.userId, sql.placeholder('userId')),
        eq(documentUploads.identifier, sql.placeholder('identifier')),
      ),
    )
    .prepare('upload_session'),
);

export async function findSession(
  db: Db,
  vendor: VendorRef,
  key: SessionKey,
): Promise<UploadRow | undefined> {
  const [row] = await sessionQuery(db).execute({
    firmId: vendor.accountingFirmId,
    vendorId: vendor.id,
    ...key,
  });
  return row;
}

/**
 * The session of this upload, created on its first chunk (concurrent first chunks share one);
 * `inserted` when this call created it. An existing row is left as it was.
 */
export async function openSession(
  db: Db,
  vendor: VendorRef,
  key: SessionKey,
  values: SessionValues,
): Promise<{ upload: UploadRow; inserted: boolean }> {
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
      // A no-op, so that RETURNING answers the existing row.
      set: { identifier: sql`excluded.identifier` },
    })
    .returning({ ...getTableColumns(documentUploads), inserted: sql<boolean>`(xmax = 0)` });
  const { inserted, ...upload } = row!;
  return { upload, inserted };
}

/** Deletes a session no chunk was claimed in (its first chunk failed); true when it did. */
export async function deleteIfEmpty(
  db: Db,
  upload: Pick<UploadRow, 'id' | 'accountingFirmId'>,
): Promise<boolean> {
  const rows = await db
    .delete(documentUploads)
    .where(
      and(
        eq(documentUploads.accountingFirmId, upload.accountingFirmId),
        eq(documentUploads.id, upload.id),
        sql`NOT EXISTS (SELECT 1 FROM document_upload_chunks c WHERE c.accounting_firm_id = ${upload.accountingFirmId}
              AND c.upload_id = ${upload.id})`,
      ),
    )
    .returning({ id: documentUploads.id });
  return rows.length > 0;
}

const ofChunk = (upload: Pick<UploadRow, 'id' | 'accountingFirmId'>, number: number) =>
  and(
    eq(documentUploadChunks.accountingFirmId, upload.accountingFirmId),
    eq(documentUploadChunks.uploadId, upload.id),
    eq(documentUploadChunks.number, number),
  );

const claimQuery = preparedPerDatabase((db) =>
  db
    .insert(documentUploadChunks)
    .values({
      accountingFirmId: sql.placeholder('firmId'),
      uploadId: sql.placeholder('uploadId'),
      number: sql.placeholder('number'),
      size: sql.placeholder('size'),
      writingSince: sql`now()`,
    })
    .onConflictDoUpdate({
      target: [
        documentUploadChunks.accountingFirmId,
        documentUploadChunks.uploadId,
        documentUploadChunks.number,
      ],
      set: { size: sql`excluded.size`, writingSince: sql`now()` },
      setWhere: sql`${documentUploadChunks.writingSince} < now() - make_interval(secs => ${sql.placeholder('staleSeconds')})`,
    })
    .returning({ n: documentUploadChunks.number })
    .prepare('upload_chunk_claim'),
);

/**
 * Claims the writing of chunk `number`: answers true when this request may write its bytes (the
 * chunk is new, or its claim is older than `staleSeconds`, from a request that stopped), 'written'
 * when its bytes are already stored, 'busy' while another request writes them. One writer per
 * chunk, and none once written: the bytes hashed are the bytes kept.
 */
export async function claimChunk(
  db: Db,
  upload: UploadRow,
  number: number,
  size: number,
  staleSeconds: number,
): Promise<true | 'written' | 'busy'> {
  const claimed = await claimQuery(db).execute({
    firmId: upload.accountingFirmId,
    uploadId: upload.id,
    number,
    size,
    staleSeconds,
  });
  if (claimed.length) return true;
  const [row] = await db
    .select({ writingSince: documentUploadChunks.writingSince })
    .from(documentUploadChunks)
    .where(ofChunk(upload, number));
  // Gone between the two statements (its writer failed): the next attempt claims it.
  if (!row) return 'busy';
  return row.writingSince ? 'busy' : 'written';
}

/**
 * The claimed chunk's bytes are on disk: the chunk is marked written and counted on its session
 * (which stays alive for the cleanup), in one statement. Answers the chunks written so far, this
 * one included (concurrent chunks count one after the other on the session's row: exactly one
 * sees the last), or null when the claim was lost (the upload was reset meanwhile).
 */
export async function markWritten(
  db: Db,
  upload: UploadRow,
  number: number,
): Promise<{ written: number; total: number } | null> {
  const result = await db.execute(sql`
    WITH marked AS (
      UPDATE document_upload_chunks SET writing_since = NULL
       WHERE accounting_firm_id = ${upload.accountingFirmId} AND upload_id = ${upload.id}
         AND number = ${number} AND writing_since IS NOT NULL
      RETURNING number)
    UPDATE document_uploads SET written_chunks = written_chunks + 1, updated_at = now()
     WHERE accounting_firm_id = ${upload.accountingFirmId} AND id = ${upload.id}
       AND EXISTS (SELECT 1 FROM marked)
    RETURNING written_chunks AS written, total_chunks AS total`);
  const [row] = rowsOf<{ written: number; total: number }>(result);
  return row ? { written: Number(row.written), total: Number(row.total) } : null;
}

/** Gives up a claim whose bytes could not be written. */
export async function releaseChunk(db: Db, upload: UploadRow, number: number): Promise<void> {
  await db
    .delete(documentUploadChunks)
    .where(and(ofChunk(upload, number), isNotNull(documentUploadChunks.writingSince)));
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
        isNull(documentUploadChunks.writingSince),
      ),
    )
    .orderBy(asc(documentUploadChunks.number));
  return rows.map((r) => r.n);
}

/**
 * Claims the assembly: one request in any process wins, once every chunk is written (a claim
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
        eq(documentUploads.writtenChunks, documentUploads.totalChunks),
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
