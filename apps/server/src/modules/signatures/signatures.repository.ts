import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountingFirms,
  documentVersions,
  signatories,
  signatureEvents,
  signatureFields,
  signatureRequests,
  signingCertificates,
  users,
  vendors,
} from '../../db/schema';

export type RequestRow = typeof signatureRequests.$inferSelect;
export type SignatoryRow = typeof signatories.$inferSelect;
export type FieldRow = typeof signatureFields.$inferSelect;
export type EventRow = typeof signatureEvents.$inferSelect;
export type CertificateRow = typeof signingCertificates.$inferSelect;
type Vendor = { id: number; accountingFirmId: number };

// Certificates -----------------------------------------------------------------------------------

export async function activeCertificate(db: Db, firmId: number): Promise<CertificateRow | undefined> {
  const [row] = await db
    .select()
    .from(signingCertificates)
    .where(and(eq(signingCertificates.accountingFirmId, firmId), eq(signingCertificates.active, true)))
    .orderBy(desc(signingCertificates.id))
    .limit(1);
  return row;
}

export async function insertCertificate(
  db: Db,
  row: typeof signingCertificates.$inferInsert,
): Promise<CertificateRow> {
  const [inserted] = await db.insert(signingCertificates).values(row).returning();
  return inserted!;
}

/** Serialises the first certificate of a portal (two requests at once make one). */
export async function lockFirm(tx: Db, firmId: number): Promise<void> {
  await tx
    .select({ id: accountingFirms.id })
    .from(accountingFirms)
    .where(eq(accountingFirms.id, firmId))
    .for('update');
}

export async function portal(db: Db, firmId: number) {
  const [row] = await db
    .select({ id: accountingFirms.id, name: accountingFirms.name, domain: accountingFirms.domain })
    .from(accountingFirms)
    .where(eq(accountingFirms.id, firmId));
  return row;
}

export async function company(db: Db, vendor: Vendor): Promise<string> {
  const [row] = await db
    .select({ company: vendors.company })
    .from(vendors)
    .where(and(eq(vendors.accountingFirmId, vendor.accountingFirmId), eq(vendors.id, vendor.id)));
  return row?.company ?? '';
}

export async function usersByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      locale: users.locale,
    })
    .from(users)
    .where(inArray(users.id, ids));
}

/** The position of a version in its document (1 for the first). */
export async function versionNumber(
  db: Db,
  firmId: number,
  documentId: number,
  versionId: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(documentVersions)
    .where(
      and(
        eq(documentVersions.accountingFirmId, firmId),
        eq(documentVersions.documentId, documentId),
        sql`${documentVersions.id} <= ${versionId}`,
      ),
    );
  return row?.n ?? 1;
}

// Requests ---------------------------------------------------------------------------------------

export async function insertRequest(tx: Db, row: typeof signatureRequests.$inferInsert): Promise<RequestRow> {
  const [inserted] = await tx.insert(signatureRequests).values(row).returning();
  return inserted!;
}

export async function insertSignatory(tx: Db, row: typeof signatories.$inferInsert): Promise<SignatoryRow> {
  const [inserted] = await tx.insert(signatories).values(row).returning();
  return inserted!;
}

export async function insertFields(tx: Db, rows: (typeof signatureFields.$inferInsert)[]): Promise<void> {
  if (rows.length) await tx.insert(signatureFields).values(rows);
}

export async function findRequest(db: Db, vendor: Vendor, id: number): Promise<RequestRow | undefined> {
  const [row] = await db
    .select()
    .from(signatureRequests)
    .where(
      and(
        eq(signatureRequests.accountingFirmId, vendor.accountingFirmId),
        eq(signatureRequests.vendorId, vendor.id),
        eq(signatureRequests.id, id),
      ),
    );
  return row;
}

export async function findRequestById(db: Db, firmId: number, id: number): Promise<RequestRow | undefined> {
  const [row] = await db
    .select()
    .from(signatureRequests)
    .where(and(eq(signatureRequests.accountingFirmId, firmId), eq(signatureRequests.id, id)));
  return row;
}

/** The request's row lock: one signature (or state change) of a request at a time. */
export async function lockRequest(tx: Db, firmId: number, id: number): Promise<RequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(signatureRequests)
    .where(and(eq(signatureRequests.accountingFirmId, firmId), eq(signatureRequests.id, id)))
    .for('update');
  return row;
}

export async function updateRequest(
  tx: Db,
  row: { accountingFirmId: number; id: number },
  values: Partial<typeof signatureRequests.$inferInsert>,
): Promise<void> {
  await tx
    .update(signatureRequests)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(eq(signatureRequests.accountingFirmId, row.accountingFirmId), eq(signatureRequests.id, row.id)),
    );
}

export async function deleteRequest(tx: Db, row: { accountingFirmId: number; id: number }): Promise<void> {
  await tx
    .delete(signatureRequests)
    .where(
      and(eq(signatureRequests.accountingFirmId, row.accountingFirmId), eq(signatureRequests.id, row.id)),
    );
}

export async function listRequests(
  db: Db,
  vendor: Vendor,
  filters: { statuses?: string[]; search?: string },
  page: { limit: number; offset: number },
): Promise<{ rows: RequestRow[]; total: number }> {
  const where = and(
    eq(signatureRequests.accountingFirmId, vendor.accountingFirmId),
    eq(signatureRequests.vendorId, vendor.id),
    filters.statuses?.length
      ? inArray(signatureRequests.status, filters.statuses as RequestRow['status'][])
      : undefined,
    filters.search
      ? ilike(signatureRequests.name, `%${filters.search.replace(/[\\%_]/g, '\\$&')}%`)
      : undefined,
  );
  const rows = await db
    .select()
    .from(signatureRequests)
    .where(where)
    .orderBy(desc(signatureRequests.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(signatureRequests).where(where);
  return { rows, total: total?.n ?? 0 };
}

// Signatories ------------------------------------------------------------------------------------

export async function signatoriesOf(db: Db, firmId: number, requestIds: number[]): Promise<SignatoryRow[]> {
  if (requestIds.length === 0) return [];
  return db
    .select()
    .from(signatories)
    .where(and(eq(signatories.accountingFirmId, firmId), inArray(signatories.requestId, requestIds)))
    .orderBy(asc(signatories.requestId), asc(signatories.position));
}

export async function fieldsOf(db: Db, firmId: number, requestIds: number[]): Promise<FieldRow[]> {
  if (requestIds.length === 0) return [];
  return db
    .select()
    .from(signatureFields)
    .where(and(eq(signatureFields.accountingFirmId, firmId), inArray(signatureFields.requestId, requestIds)))
    .orderBy(asc(signatureFields.id));
}

export async function updateSignatory(
  tx: Db,
  row: { accountingFirmId: number; id: number },
  values: Partial<typeof signatories.$inferInsert>,
): Promise<void> {
  await tx
    .update(signatories)
    .set(values)
    .where(and(eq(signatories.accountingFirmId, row.accountingFirmId), eq(signatories.id, row.id)));
}

/** A signatory and its request. */
export async function signatoryById(db: Db, firmId: number, id: number) {
  const [row] = await db
    .select({ signatory: signatories, request: signatureRequests })
    .from(signatories)
    .innerJoin(
      signatureRequests,
      and(
        eq(signatureRequests.accountingFirmId, signatories.accountingFirmId),
        eq(signatureRequests.id, signatories.requestId),
      ),
    )
    .where(and(eq(signatories.accountingFirmId, firmId), eq(signatories.id, id)));
  return row;
}

/** A link's signatory (by the token's hash) and its request, whatever the portal. */
export async function findByLink(db: Db, linkHash: string) {
  const [row] = await db
    .select({ signatory: signatories, request: signatureRequests })
    .from(signatories)
    .innerJoin(
      signatureRequests,
      and(
        eq(signatureRequests.accountingFirmId, signatories.accountingFirmId),
        eq(signatureRequests.id, signatories.requestId),
      ),
    )
    .where(eq(signatories.linkHash, linkHash));
  return row;
}

/** Requests where it is the person's turn, in the firm's client files. */
export async function waitingFor(db: Db, firmId: number, userId: number) {
  return db
    .select({
      id: signatureRequests.id,
      vendorId: signatureRequests.vendorId,
      company: vendors.company,
      name: signatureRequests.name,
      signatoryId: signatories.id,
      sentAt: signatureRequests.sentAt,
      expiresAt: signatureRequests.expiresAt,
    })
    .from(signatories)
    .innerJoin(
      signatureRequests,
      and(
        eq(signatureRequests.accountingFirmId, signatories.accountingFirmId),
        eq(signatureRequests.id, signatories.requestId),
      ),
    )
    .innerJoin(
      vendors,
      and(
        eq(vendors.accountingFirmId, signatureRequests.accountingFirmId),
        eq(vendors.id, signatureRequests.vendorId),
      ),
    )
    .where(
      and(
        eq(signatories.accountingFirmId, firmId),
        eq(signatories.userId, userId),
        eq(signatories.status, 'in_progress'),
        inArray(signatureRequests.status, ['waiting', 'in_progress']),
      ),
    )
    .orderBy(desc(signatureRequests.id))
    .limit(100);
}

// Events -----------------------------------------------------------------------------------------

export async function lastEventHash(tx: Db, firmId: number, requestId: number): Promise<string | null> {
  const [row] = await tx
    .select({ hash: signatureEvents.hash })
    .from(signatureEvents)
    .where(and(eq(signatureEvents.accountingFirmId, firmId), eq(signatureEvents.requestId, requestId)))
    .orderBy(desc(signatureEvents.id))
    .limit(1);
  return row?.hash ?? null;
}

export async function insertEvent(tx: Db, row: typeof signatureEvents.$inferInsert): Promise<void> {
  await tx.insert(signatureEvents).values(row);
}

export async function eventsOf(db: Db, firmId: number, requestId: number): Promise<EventRow[]> {
  return db
    .select()
    .from(signatureEvents)
    .where(and(eq(signatureEvents.accountingFirmId, firmId), eq(signatureEvents.requestId, requestId)))
    .orderBy(asc(signatureEvents.id));
}

// Portal settings and balance ----------------------------------------------------------------

export async function signatureSettings(db: Db, firmId: number) {
  const [row] = await db
    .select({
      balance: accountingFirms.signatureBalance,
      expiryDays: accountingFirms.signatureExpiryDays,
      reminderDays: accountingFirms.signatureReminderDays,
      codeForMembers: accountingFirms.signatureCodeForMembers,
    })
    .from(accountingFirms)
    .where(eq(accountingFirms.id, firmId));
  return row;
}

export async function updateSignatureSettings(
  db: Db,
  firmId: number,
  values: Partial<
    Pick<
      typeof accountingFirms.$inferInsert,
      'signatureExpiryDays' | 'signatureReminderDays' | 'signatureCodeForMembers'
    >
  >,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db
    .update(accountingFirms)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(accountingFirms.id, firmId));
}

/**
 * Spends one request of the portal's balance under the firm's row lock (two sends at once never
 * spend the last one twice); false when none is left. Unlimited (null) spends nothing.
 */
export async function spendSignature(tx: Db, firmId: number): Promise<boolean> {
  const [row] = await tx
    .select({ balance: accountingFirms.signatureBalance })
    .from(accountingFirms)
    .where(eq(accountingFirms.id, firmId))
    .for('update');
  if (!row) return false;
  if (row.balance === null) return true;
  if (row.balance <= 0) return false;
  await tx
    .update(accountingFirms)
    .set({ signatureBalance: row.balance - 1 })
    .where(eq(accountingFirms.id, firmId));
  return true;
}

/** Which of these documents are under a request still open (sent, signing or being sealed). */
export async function documentsInSignature(
  db: Db,
  vendor: Vendor,
  documentIds: number[],
): Promise<Set<number>> {
  if (documentIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: signatureRequests.documentId })
    .from(signatureRequests)
    .where(
      and(
        eq(signatureRequests.accountingFirmId, vendor.accountingFirmId),
        eq(signatureRequests.vendorId, vendor.id),
        inArray(signatureRequests.documentId, documentIds),
        inArray(signatureRequests.status, ['waiting', 'in_progress', 'finished']),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The open requests of a client file, locked (its deletion cancels them). */
export async function lockOpenRequestsOf(tx: Db, vendor: Vendor): Promise<RequestRow[]> {
  return tx
    .select()
    .from(signatureRequests)
    .where(
      and(
        eq(signatureRequests.accountingFirmId, vendor.accountingFirmId),
        eq(signatureRequests.vendorId, vendor.id),
        inArray(signatureRequests.status, ['waiting', 'in_progress', 'finished', 'error']),
      ),
    )
    .orderBy(asc(signatureRequests.id))
    .for('update');
}

/** Replaces a draft's signatories and fields (their rows cascade from the signatories). */
export async function deletePeople(tx: Db, row: { accountingFirmId: number; id: number }): Promise<void> {
  await tx
    .delete(signatureFields)
    .where(
      and(eq(signatureFields.accountingFirmId, row.accountingFirmId), eq(signatureFields.requestId, row.id)),
    );
  await tx
    .delete(signatories)
    .where(and(eq(signatories.accountingFirmId, row.accountingFirmId), eq(signatories.requestId, row.id)));
}
