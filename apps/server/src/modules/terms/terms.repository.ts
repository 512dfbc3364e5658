import { LOCALES } from '@portal/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountingFirms, terms, termsAcceptances } from '../../db/schema';

export type TermsRow = typeof terms.$inferSelect;
export type NewTermsRow = typeof terms.$inferInsert;

/** Every language of a firm's latest terms version, in the order of LOCALES (empty: none yet). */
export async function latestTermsRows(db: Db, accountingFirmId: number): Promise<TermsRow[]> {
  const rows = await db
    .select()
    .from(terms)
    .where(eq(terms.accountingFirmId, accountingFirmId))
    .orderBy(desc(terms.version));
  return rows
    .filter((r) => r.version === rows[0]?.version)
    .sort((a, b) => LOCALES.indexOf(a.locale) - LOCALES.indexOf(b.locale));
}

export async function latestAcceptance(db: Db, accountingFirmId: number, userId: number) {
  const [row] = await db
    .select()
    .from(termsAcceptances)
    .where(and(eq(termsAcceptances.accountingFirmId, accountingFirmId), eq(termsAcceptances.userId, userId)))
    .orderBy(desc(termsAcceptances.version))
    .limit(1);
  return row;
}

export async function insertAcceptance(db: Db, accountingFirmId: number, userId: number, version: number) {
  await db.insert(termsAcceptances).values({ accountingFirmId, userId, version }).onConflictDoNothing();
}

export async function countAcceptances(db: Db, accountingFirmId: number, version: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(termsAcceptances)
    .where(
      and(eq(termsAcceptances.accountingFirmId, accountingFirmId), eq(termsAcceptances.version, version)),
    );
  return Number(row?.n ?? 0);
}

/** Locks the firm's row so that two publications queue. */
export async function lockFirm(tx: Db, accountingFirmId: number): Promise<void> {
  await tx
    .select({ id: accountingFirms.id })
    .from(accountingFirms)
    .where(eq(accountingFirms.id, accountingFirmId))
    .for('update');
}

export async function insertTerms(db: Db, rows: NewTermsRow[]): Promise<void> {
  if (rows.length) await db.insert(terms).values(rows);
}
