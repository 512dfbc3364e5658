import { asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountingFirms, whiteLabels } from '../../db/schema';

export async function activeFirmById(db: Db, id: number) {
  const [row] = await db.select().from(accountingFirms).where(eq(accountingFirms.id, id)).limit(1);
  return row && !row.deactivatedAt ? row : undefined;
}

export async function activeFirmByDomain(db: Db, domain: string) {
  const [row] = await db.select().from(accountingFirms).where(eq(accountingFirms.domain, domain)).limit(1);
  return row && !row.deactivatedAt ? row : undefined;
}

export async function firstActiveFirm(db: Db) {
  const [row] = await db
    .select()
    .from(accountingFirms)
    .where(isNull(accountingFirms.deactivatedAt))
    .orderBy(asc(accountingFirms.id))
    .limit(1);
  return row;
}

/** White-label rows of a firm, without the logo bytes. */
export async function whiteLabelsOf(db: Db, accountingFirmId: number) {
  return db
    .select({
      theme: whiteLabels.theme,
      name: whiteLabels.name,
      hasLogo: whiteLabels.logoMime,
      primaryColor: whiteLabels.primaryColor,
      secondaryColor: whiteLabels.secondaryColor,
      updatedAt: whiteLabels.updatedAt,
    })
    .from(whiteLabels)
    .where(eq(whiteLabels.accountingFirmId, accountingFirmId));
}

export async function logoOf(db: Db, accountingFirmId: number, theme: 'light' | 'dark') {
  const rows = await db.select().from(whiteLabels).where(eq(whiteLabels.accountingFirmId, accountingFirmId));
  return rows.find((r) => r.theme === theme) ?? rows[0];
}

export type WhiteLabelValues = Omit<typeof whiteLabels.$inferInsert, 'accountingFirmId' | 'theme'>;

/** Writes one theme of a firm's branding, creating it the first time. */
export async function upsertWhiteLabel(
  db: Db,
  accountingFirmId: number,
  theme: 'light' | 'dark',
  values: WhiteLabelValues,
): Promise<void> {
  await db
    .insert(whiteLabels)
    .values({ accountingFirmId, theme, ...values })
    .onConflictDoUpdate({ target: [whiteLabels.accountingFirmId, whiteLabels.theme], set: values });
}
