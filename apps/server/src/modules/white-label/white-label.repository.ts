import { asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountingFirms, whiteLabels } from '../../db/schema';
import { preparedPerDatabase } from '../../platform/db-prepared';

export async function activeFirmById(db: Db, id: number) {
  const [row] = await db.select().from(accountingFirms).where(eq(accountingFirms.id, id)).limit(1);
  return row && !row.deactivatedAt ? row : undefined;
}

const firmForHostQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(accountingFirms)
    .where(isNull(accountingFirms.deactivatedAt))
    .orderBy(
      desc(sql`coalesce(${accountingFirms.domain} = ${sql.placeholder('host')}, false)`),
      asc(accountingFirms.id),
    )
    .limit(1)
    .prepare('firm_for_host'),
);

/** The active firm on this domain, else the first active firm (runs on every page load). */
export async function activeFirmForHost(db: Db, host: string) {
  const [row] = await firmForHostQuery(db).execute({ host });
  return row;
}

const whiteLabelsQuery = preparedPerDatabase((db) =>
  db
    .select({
      theme: whiteLabels.theme,
      name: whiteLabels.name,
      hasLogo: whiteLabels.logoMime,
      primaryColor: whiteLabels.primaryColor,
      secondaryColor: whiteLabels.secondaryColor,
      updatedAt: whiteLabels.updatedAt,
    })
    .from(whiteLabels)
    .where(eq(whiteLabels.accountingFirmId, sql.placeholder('firmId')))
    .prepare('white_labels_of'),
);

/** White-label rows of a firm, without the logo bytes. */
export async function whiteLabelsOf(db: Db, accountingFirmId: number) {
  return whiteLabelsQuery(db).execute({ firmId: accountingFirmId });
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
