import type { Locale } from '@portal/contracts';
import { type LoginAnswer, MAGIC_LINK_TTL_SECONDS } from '@portal/contracts/auth/two-factor';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { hashToken, newToken } from '../../platform/auth/tokens';
import { AppError, tooManyRequests } from '../../platform/errors/app-error';
import type { MailMessage } from '../../platform/mail/mailer';
import type { OutboxHandler } from '../../platform/mail/outbox';
import { longestWait } from '../../platform/rate-limit';
import * as users from './identity.repository';
import * as repo from './magic-links.repository';
import { magicLinkMail } from './mails';
import { auditSignIn } from './sign-in-audit.service';
import { afterFirstFactor } from './two-factor.service';

type RequestMeta = { ip: string; userAgent?: string };

const WINDOW_SECONDS = 60 * 60;
const MAX_PER_EMAIL = 5;
const MAX_PER_IP = 20;
const JOB = 'magic-link';
const magicJob = z.object({
  email: z.string(),
  accountingFirmId: z.number().int(),
  locale: z.enum(['fr', 'en', 'pt']),
});

const invalidLink = () => new AppError('invalid-token', { fields: { token: ['invalid-token'] } });

/**
 * "Send me a sign-in link" on a portal. Like a reset request: at most 5 an hour per email and 20
 * per address, the same answer and the same work (a queued job) whether the account exists or
 * not; the outbox finds out when it sends (`deliverMagicLink`). A portal that turned the links off
 * answers 403 to everyone.
 */
export async function requestMagicLink(
  ctx: AppContext,
  input: { email: string; accountingFirmId: number | undefined },
  locale: Locale,
  ip: string,
): Promise<void> {
  const portal = input.accountingFirmId ? await repo.activePortal(ctx.db, input.accountingFirmId) : undefined;
  if (!portal) throw new AppError('not-found');
  if (!portal.magicLinks) throw new AppError('magic-links-disabled');
  const limits = [
    [`magic:email:${input.email}`, MAX_PER_EMAIL],
    [`magic:ip:${ip}`, MAX_PER_IP],
  ] as const;
  const wait = await longestWait(
    ctx.rateLimiter,
    limits.map(([bucket, max]) => ({ bucket, max, windowSeconds: WINDOW_SECONDS })),
  );
  if (wait > 0) throw tooManyRequests(wait);
  for (const [bucket] of limits) await ctx.rateLimiter.hit(bucket, WINDOW_SECONDS);
  await ctx.outbox.enqueue(ctx.db, JOB, {
    email: input.email,
    accountingFirmId: portal.id,
    locale,
  } satisfies z.infer<typeof magicJob>);
  ctx.outbox.kick();
}

/** The portal's own address when it has a domain (same scheme and port as PUBLIC_URL). */
function portalUrl(publicUrl: string, domain: string | null): string {
  if (!domain) return publicUrl;
  const url = new URL(publicUrl);
  url.hostname = domain;
  return url.toString().replace(/\/$/, '');
}

/** The sign-in link of a person of the portal, or nothing for anyone else; earlier links end. */
async function deliverMagicLink(ctx: AppContext, job: z.infer<typeof magicJob>): Promise<MailMessage | null> {
  const user = await users.findUserByEmail(ctx.db, job.email);
  const portal = await repo.activePortal(ctx.db, job.accountingFirmId);
  if (!user || !portal?.magicLinks || !(await repo.belongsToPortal(ctx.db, user.id, portal.id))) return null;
  const token = newToken();
  await ctx.db.transaction(async (tx) => {
    await repo.cancelMagicLinks(tx, user.id);
    await users.insertPasswordToken(tx, {
      tokenHash: hashToken(token),
      userId: user.id,
      purpose: 'magic',
      accountingFirmId: portal.id,
      expiresAt: new Date(Date.now() + MAGIC_LINK_TTL_SECONDS * 1000),
    });
  });
  const link = `${portalUrl(ctx.config.publicUrl, portal.domain)}/magic-link/${token}`;
  return { to: user.email, ...magicLinkMail(user.locale ?? job.locale, link, portal.name), link };
}

export const magicLinkMailJobs = (ctx: AppContext): Record<string, OutboxHandler> => ({
  [JOB]: (payload) => deliverMagicLink(ctx, magicJob.parse(payload)),
});

/**
 * Signs in with a sign-in link: once, within 15 minutes, while the portal offers links and the
 * person still belongs to it. Then like a password: a second factor is still asked.
 */
export async function signInWithMagicLink(
  ctx: AppContext,
  token: string,
  meta: RequestMeta,
): Promise<LoginAnswer> {
  const found = await users.findUsableToken(ctx.db, hashToken(token), ['magic']);
  const firmId = found?.token.accountingFirmId;
  if (!found || !firmId) throw invalidLink();
  const portal = await repo.activePortal(ctx.db, firmId);
  if (!portal?.magicLinks || !(await repo.belongsToPortal(ctx.db, found.user.id, firmId)))
    throw invalidLink();
  if (!(await users.spendToken(ctx.db, found.token.id))) throw invalidLink();
  // The link is the portal's (its setting, its domain in the mail): the session reaches it only.
  const answer = await afterFirstFactor(ctx, found.user, meta, firmId);
  if (!('mfa_token' in answer)) {
    await auditSignIn(ctx, { userId: found.user.id, email: found.user.email, method: 'magic_link', firmId });
  }
  return answer;
}
