import type { Locale, Terms } from '@portal/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { terms } from '../../db/schema';
import { AppError } from '../../platform/errors/app-error';

type TermsRow = typeof terms.$inferSelect;

export const toTermsDto = (row: TermsRow): Terms => ({
  id: row.id,
  accounting_firm_id: row.accountingFirmId,
  version: row.version,
  locale: row.locale,
  title: row.title,
  content: row.content,
  published_at: row.publishedAt.toISOString(),
});

/** The latest version of a firm's terms in a locale (else French, else any). */
export async function currentTerms(
  db: Db,
  accountingFirmId: number,
  locale: Locale,
): Promise<TermsRow | undefined> {
  const rows = await db
    .select()
    .from(terms)
    .where(eq(terms.accountingFirmId, accountingFirmId))
    .orderBy(desc(terms.version));
  const latest = rows[0]?.version;
  const current = rows.filter((r) => r.version === latest);
  return current.find((r) => r.locale === locale) ?? current.find((r) => r.locale === 'fr') ?? current[0];
}

export async function publicTerms(db: Db, accountingFirmId: number, locale: Locale): Promise<Terms> {
  const row = await currentTerms(db, accountingFirmId, locale);
  if (!row) throw new AppError('not-found');
  return toTermsDto(row);
}
