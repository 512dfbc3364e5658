import { type AcceptTermsRequest, LOCALES, type Locale, type MyTerms, type Terms } from '@portal/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { terms, termsAcceptances } from '../../db/schema';
import type { Actor } from '../../platform/auth/sessions';
import { AppError, fieldError } from '../../platform/errors/app-error';
import { myAccountingFirms } from '../tenancy/tenancy.service';

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

/** The latest version of a firm's terms in a locale (else French, else any). */
export async function currentTerms(
  db: Db,
  accountingFirmId: number,
  locale: Locale,
): Promise<TermsRow | undefined> {
  const current = await latestTermsRows(db, accountingFirmId);
  return current.find((r) => r.locale === locale) ?? current.find((r) => r.locale === 'fr') ?? current[0];
}

export async function publicTerms(db: Db, accountingFirmId: number, locale: Locale): Promise<Terms> {
  const row = await currentTerms(db, accountingFirmId, locale);
  if (!row) throw new AppError('not-found');
  return toTermsDto(row);
}

/** The firm's current terms and the user's latest acceptance of them. */
export async function myTerms(
  db: Db,
  actor: Actor,
  accountingFirmId: number,
  locale: Locale,
): Promise<MyTerms> {
  await assertFirmOfUser(db, actor, accountingFirmId);
  const [current, [accepted]] = await Promise.all([
    currentTerms(db, accountingFirmId, locale),
    db
      .select()
      .from(termsAcceptances)
      .where(
        and(
          eq(termsAcceptances.accountingFirmId, accountingFirmId),
          eq(termsAcceptances.userId, actor.userId),
        ),
      )
      .orderBy(desc(termsAcceptances.version))
      .limit(1),
  ]);
  return {
    terms: current ? toTermsDto(current) : null,
    accepted_version: accepted?.version ?? null,
    accepted_at: accepted?.acceptedAt.toISOString() ?? null,
    up_to_date: !current || (accepted !== undefined && accepted.version >= current.version),
  };
}

/** Records the acceptance of the firm's current version (an older one is refused). */
export async function acceptTerms(
  db: Db,
  actor: Actor,
  input: AcceptTermsRequest,
  locale: Locale,
): Promise<MyTerms> {
  await assertFirmOfUser(db, actor, input.accounting_firm_id);
  const current = await currentTerms(db, input.accounting_firm_id, locale);
  if (!current) throw new AppError('not-found');
  if (input.version !== current.version) throw fieldError('terms-outdated', 'version');
  await db
    .insert(termsAcceptances)
    .values({ accountingFirmId: input.accounting_firm_id, userId: actor.userId, version: current.version })
    .onConflictDoNothing();
  return myTerms(db, actor, input.accounting_firm_id, locale);
}

/** A firm the user works in or with (member, client user, holding administrator), else 404. */
async function assertFirmOfUser(db: Db, actor: Actor, accountingFirmId: number): Promise<void> {
  const firms = await myAccountingFirms(db, actor, {});
  if (!firms.some((f) => f.id === accountingFirmId)) throw new AppError('not-found');
}
