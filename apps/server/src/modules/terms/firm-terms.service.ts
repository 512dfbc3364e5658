import { type FirmTerms, LOCALES, type PublishTermsRequest } from '@portal/contracts';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountingFirms, terms, termsAcceptances } from '../../db/schema';
import { authorize } from '../../platform/access/access';
import type { Actor } from '../../platform/auth/sessions';
import { latestTermsRows, toTermsDto } from './terms.service';

/** The firm's current version in each of its languages, and how many people accepted it. */
export async function firmTerms(db: Db, actor: Actor, accountingFirmId: number): Promise<FirmTerms> {
  await authorize(db, actor, 'firm.read', { kind: 'firm', accountingFirmId });
  return currentFirmTerms(db, accountingFirmId);
}

/**
 * Publishes version N+1 (French, and English and Portuguese when given): every user of the firm
 * is then asked to accept it. One transaction, the firm row locked so two publications queue.
 */
export async function publishTerms(
  db: Db,
  actor: Actor,
  accountingFirmId: number,
  input: PublishTermsRequest,
): Promise<FirmTerms> {
  await authorize(db, actor, 'firm.update', { kind: 'firm', accountingFirmId });
  await db.transaction(async (tx) => {
    await tx
      .select({ id: accountingFirms.id })
      .from(accountingFirms)
      .where(eq(accountingFirms.id, accountingFirmId))
      .for('update');
    const version = ((await latestTermsRows(tx, accountingFirmId))[0]?.version ?? 0) + 1;
    const publishedAt = new Date();
    const texts = LOCALES.flatMap((locale) => {
      const text = input[locale];
      return text ? [{ accountingFirmId, version, locale, publishedAt, ...text }] : [];
    });
    await tx.insert(terms).values(texts);
  });
  return currentFirmTerms(db, accountingFirmId);
}

async function currentFirmTerms(db: Db, accountingFirmId: number): Promise<FirmTerms> {
  const current = await latestTermsRows(db, accountingFirmId);
  const version = current[0]?.version ?? null;
  const [accepted] =
    version === null
      ? [{ n: 0 }]
      : await db
          .select({ n: count() })
          .from(termsAcceptances)
          .where(
            and(
              eq(termsAcceptances.accountingFirmId, accountingFirmId),
              eq(termsAcceptances.version, version),
            ),
          );
  return {
    version,
    published_at: current[0]?.publishedAt.toISOString() ?? null,
    texts: current.map(toTermsDto),
    accepted_count: Number(accepted?.n ?? 0),
  };
}
