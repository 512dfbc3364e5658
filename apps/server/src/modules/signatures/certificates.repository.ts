import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountingFirms, signingCertificates } from '../../db/schema';

export type CertificateRow = typeof signingCertificates.$inferSelect;

/** Every certificate of a portal, newest first (the active one among them). */
export async function certificatesOf(db: Db, firmId: number): Promise<CertificateRow[]> {
  return db
    .select()
    .from(signingCertificates)
    .where(eq(signingCertificates.accountingFirmId, firmId))
    .orderBy(desc(signingCertificates.id));
}

export async function certificateByFingerprint(
  db: Db,
  firmId: number,
  fingerprint: string,
): Promise<CertificateRow | undefined> {
  const [row] = await db
    .select()
    .from(signingCertificates)
    .where(
      and(eq(signingCertificates.accountingFirmId, firmId), eq(signingCertificates.fingerprint, fingerprint)),
    )
    .orderBy(desc(signingCertificates.id))
    .limit(1);
  return row;
}

/** Retires the active certificate(s): they only verify from now on. */
export async function retireActive(tx: Db, firmId: number, at: Date): Promise<void> {
  await tx
    .update(signingCertificates)
    .set({ active: false, retiredAt: at })
    .where(and(eq(signingCertificates.accountingFirmId, firmId), eq(signingCertificates.active, true)));
}

export async function firmExists(db: Db, firmId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: accountingFirms.id })
    .from(accountingFirms)
    .where(eq(accountingFirms.id, firmId));
  return Boolean(row);
}
