import {
  type AcceptTermsRequest,
  type FirmTerms,
  LOCALES,
  type Locale,
  type MyTerms,
  type PublishTermsRequest,
  type Terms,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/auth/sessions';
import { AppError, fieldError } from '../../platform/errors/app-error';
import { DEFAULT_TERMS } from './default-terms';
import * as repo from './terms.repository';

export const toTermsDto = (row: repo.TermsRow): Terms => ({
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
): Promise<repo.TermsRow | undefined> {
  const current = await repo.latestTermsRows(db, accountingFirmId);
  return current.find((r) => r.locale === locale) ?? current.find((r) => r.locale === 'fr') ?? current[0];
}

/**
 * Records, inside the caller's transaction, that the user accepts the firm's current version
 * (nothing when the firm has none). Used when an invited user creates their password.
 */
export async function recordAcceptance(tx: Db, accountingFirmId: number, userId: number): Promise<void> {
  const current = await currentTerms(tx, accountingFirmId, 'fr');
  if (current) await repo.insertAcceptance(tx, accountingFirmId, userId, current.version);
}

/**
 * Version 1 of a new portal's terms, inside the caller's transaction: the default terms every
 * portal starts with (`default-terms.ts`) unless other texts are given.
 */
export async function insertFirstVersion(
  tx: Db,
  accountingFirmId: number,
  texts: Partial<Record<Locale, { title: string; content: string }>> = DEFAULT_TERMS,
): Promise<void> {
  await repo.insertTerms(
    tx,
    LOCALES.flatMap((locale) => {
      const text = texts[locale];
      return text ? [{ accountingFirmId, version: 1, locale, ...text }] : [];
    }),
  );
}

export async function publicTerms(ctx: AppContext, accountingFirmId: number, locale: Locale): Promise<Terms> {
  const row = await currentTerms(ctx.db, accountingFirmId, locale);
  if (!row) throw new AppError('not-found');
  return toTermsDto(row);
}

/** The firm's current terms and the user's latest acceptance of them. */
export async function myTerms(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  locale: Locale,
): Promise<MyTerms> {
  const grant = await ctx.access.authorize(actor, 'firm.terms.accept', { kind: 'firm', accountingFirmId });
  const [current, accepted] = await Promise.all([
    currentTerms(ctx.db, accountingFirmId, locale),
    repo.latestAcceptance(ctx.db, accountingFirmId, actor.userId),
  ]);
  // The super admin reads any firm's terms; only someone of the firm has them to accept.
  const bound = grant.roles.some((role) => role !== 'super_admin');
  return {
    terms: current ? toTermsDto(current) : null,
    accepted_version: accepted?.version ?? null,
    accepted_at: accepted?.acceptedAt.toISOString() ?? null,
    up_to_date: !current || !bound || (accepted !== undefined && accepted.version >= current.version),
  };
}

/** Records the acceptance of the firm's current version (an older one is refused). */
export async function acceptTerms(
  ctx: AppContext,
  actor: Actor,
  input: AcceptTermsRequest,
  locale: Locale,
): Promise<MyTerms> {
  const accountingFirmId = input.accounting_firm_id;
  await ctx.access.authorize(actor, 'firm.terms.accept', { kind: 'firm', accountingFirmId });
  const current = await currentTerms(ctx.db, accountingFirmId, locale);
  if (!current) throw new AppError('not-found');
  if (input.version !== current.version) throw fieldError('terms-outdated', 'version');
  await repo.insertAcceptance(ctx.db, accountingFirmId, actor.userId, current.version);
  return myTerms(ctx, actor, accountingFirmId, locale);
}

/** The firm's current version in each of its languages, and how many people accepted it. */
export async function firmTerms(ctx: AppContext, actor: Actor, accountingFirmId: number): Promise<FirmTerms> {
  await ctx.access.authorize(actor, 'firm.read', { kind: 'firm', accountingFirmId });
  return currentFirmTerms(ctx.db, accountingFirmId);
}

/**
 * Publishes version N+1 (French, and English and Portuguese when given): every user of the firm
 * is then asked to accept it. One transaction, the firm row locked so two publications queue.
 */
export async function publishTerms(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  input: PublishTermsRequest,
): Promise<FirmTerms> {
  await ctx.access.authorize(actor, 'firm.update', { kind: 'firm', accountingFirmId });
  await ctx.db.transaction(async (tx) => {
    await repo.lockFirm(tx, accountingFirmId);
    const version = ((await repo.latestTermsRows(tx, accountingFirmId))[0]?.version ?? 0) + 1;
    const publishedAt = new Date();
    await repo.insertTerms(
      tx,
      LOCALES.flatMap((locale) => {
        const text = input[locale];
        return text ? [{ accountingFirmId, version, locale, publishedAt, ...text }] : [];
      }),
    );
  });
  return currentFirmTerms(ctx.db, accountingFirmId);
}

async function currentFirmTerms(db: Db, accountingFirmId: number): Promise<FirmTerms> {
  const current = await repo.latestTermsRows(db, accountingFirmId);
  const version = current[0]?.version ?? null;
  return {
    version,
    published_at: current[0]?.publishedAt.toISOString() ?? null,
    texts: current.map(toTermsDto),
    accepted_count: version === null ? 0 : await repo.countAcceptances(db, accountingFirmId, version),
  };
}
