import {
  type ChangePasswordRequest,
  type CreatePasswordRequest,
  INVITATION_TTL_SECONDS,
  type Locale,
  type LoginRequest,
  localeSchema,
  PASSWORD_RESET_TTL_SECONDS,
  type PasswordTokenInfo,
  type ResetPasswordRequest,
  type SessionTokens,
  type UpdateMeRequest,
  type User,
} from '@portal/contracts';
import type { LoginAnswer } from '@portal/contracts/auth/two-factor';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { type Actor, openSession, revokeAllSessions, rotateRefreshToken } from '../../platform/auth/sessions';
import { hashToken, newToken } from '../../platform/auth/tokens';
import { AppError, tooManyRequests } from '../../platform/errors/app-error';
import { prebuiltJson } from '../../platform/http/prebuilt-json';
import type { MailMessage } from '../../platform/mail/mailer';
import type { OutboxHandler } from '../../platform/mail/outbox';
import { longestWait } from '../../platform/rate-limit';
import { peopleBeyond } from '../tenancy/tenancy.service';
import { currentTerms, recordAcceptance, toTermsDto } from '../terms/terms.service';
import * as repo from './identity.repository';
import { invitationMail, passwordChangedMail, resetMail } from './mails';
import { auditSignIn } from './sign-in-audit.service';
import * as throttle from './sign-in-throttle';
import { afterFirstFactor } from './two-factor.service';

type RequestMeta = { ip: string; userAgent?: string };

/** Who a portal names when it adds a person: the email, and for a new account its first details. */
export type NewPerson = {
  email: string;
  firstname?: string | null;
  lastname?: string | null;
  civility?: 'Mme' | 'M.' | null;
  birth_city?: string | null;
  birth_date?: string | null;
  mobile_number?: string | null;
};

/** Deletes an account inside the caller's transaction (its last portal access was removed). */
export async function deleteUser(tx: Db, userId: number): Promise<void> {
  await repo.deleteUser(tx, userId);
}

/**
 * Signs in with email and password. Failures are throttled (`sign-in-throttle.ts`): past its
 * limits the answer is 429 with the time left, before the password is even checked. A person
 * with a second factor (or whom a portal's rule requires to enrol) gets an `mfa_token` instead.
 */
export async function login(ctx: AppContext, input: LoginRequest, meta: RequestMeta): Promise<LoginAnswer> {
  const user = await repo.findUserByEmail(ctx.db, input.email);
  const attempt = await throttle.startPasswordAttempt(ctx, input.email, meta.ip, user?.id ?? null);
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !valid) {
    await throttle.recordPasswordFailure(ctx, input.email, meta.ip, attempt);
    await auditSignIn(ctx, {
      userId: user?.id ?? null,
      email: input.email,
      method: 'password',
      failed: true,
    });
    throw new AppError('invalid-credentials', {
      fields: { email: ['invalid-credentials'] },
    });
  }
  await throttle.recordPasswordSuccess(ctx, input.email, meta.ip, attempt);
  const answer = await afterFirstFactor(ctx, user, meta);
  // With a second factor, the sign-in is logged once the code is checked.
  if (!('mfa_token' in answer))
    await auditSignIn(ctx, { userId: user.id, email: user.email, method: 'password' });
  return answer;
}

/** Exchanges a refresh token for a new pair; a replayed token revokes its family (401). */
export async function refresh(ctx: AppContext, refreshToken: string | undefined, meta: RequestMeta) {
  if (!refreshToken) throw new AppError('token-missing');
  const result = await rotateRefreshToken(ctx.db, refreshToken, meta);
  if (!result || 'reused' in result) throw new AppError('token-expired');
  return result.tokens;
}

export async function me(ctx: AppContext, actor: Pick<Actor, 'userId' | 'boundFirmId'>): Promise<User> {
  const json = await repo.profileJson(ctx.db, actor.userId, actor.boundFirmId !== null);
  if (!json) throw new AppError('token-expired');
  return prebuiltJson<User>(json);
}

/** What a person sets for themselves only (not their identity, which other portals show). */
const PREFERENCES: ReadonlySet<string> = new Set(['dark_mode', 'locale']);

export async function updateMe(ctx: AppContext, actor: Actor, input: UpdateMeRequest): Promise<User> {
  // A session bound to one portal (its SSO, its sign-in link) changes no identity that other
  // portals show: only where that portal alone knows the person (docs/decisions.md).
  const identity = Object.entries(input).some(([k, v]) => v !== undefined && !PREFERENCES.has(k));
  if (actor.boundFirmId !== null && identity) {
    const beyond = await peopleBeyond(ctx.db, [actor.userId], { accountingFirmId: actor.boundFirmId });
    if (beyond.has(actor.userId)) throw new AppError('not-found');
  }
  await repo.updateUser(ctx.db, actor.userId, {
    firstname: input.firstname,
    lastname: input.lastname,
    title: input.title,
    civility: input.civility,
    darkMode: input.dark_mode,
    locale: input.locale,
    mobileNumber: input.mobile_number,
    address: input.address,
    postCode: input.post_code,
    city: input.city,
    country: input.country,
    birthDate: input.birth_date,
    birthCity: input.birth_city,
  });
  return me(ctx, actor);
}

/**
 * Changes the password of the signed-in user, who must give the current one (a stolen access
 * token alone cannot take the account over). Wrong current passwords count as failed sign-ins
 * (the same throttle). Then like a reset: every session ends (the web app goes to sign-in),
 * every outstanding link is spent, and the person gets a mail saying so.
 */
export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  input: ChangePasswordRequest,
  meta: RequestMeta & { locale: Locale },
): Promise<void> {
  const user = await repo.findUserById(ctx.db, actor.userId);
  if (!user) throw new AppError('token-expired');
  const attempt = await throttle.startPasswordAttempt(ctx, user.email, meta.ip, user.id);
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    await throttle.recordPasswordFailure(ctx, user.email, meta.ip, attempt);
    throw new AppError('invalid-credentials', { fields: { current_password: ['current-password-invalid'] } });
  }
  await throttle.recordPasswordSuccess(ctx, user.email, meta.ip, attempt);
  await assertStrongPassword(input.password, user);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction((tx) => replacePassword(ctx, tx, user, passwordHash, meta.locale));
  ctx.outbox.kick();
}

/**
 * Sets a new password hash, inside the caller's transaction: ends every session of the user,
 * spends every link mailed before (reset or invitation), and (given a context, whose outbox
 * sends it) queues the mail telling the person. The create-admin command uses it too.
 */
export async function replacePassword(
  ctx: Pick<AppContext, 'outbox' | 'config'> | null,
  tx: Db,
  user: repo.UserRow,
  passwordHash: string,
  locale: Locale = 'fr',
): Promise<void> {
  await repo.updateUser(tx, user.id, { passwordHash });
  await repo.cancelPasswordTokens(tx, user.id);
  await revokeAllSessions(tx, user.id);
  if (ctx && user.passwordHash) {
    const link = `${ctx.config.publicUrl}/reset-password`;
    const mail = passwordChangedMail(user.locale ?? locale, user.email, 'Portail', link);
    await ctx.outbox.enqueue(tx, 'mail', { to: user.email, ...mail, link } satisfies MailMessage);
  }
}

/**
 * Refuses (422, on `password`) a password too easy to guess or made of the person's email or
 * names; the contracts' check, which the web forms run before sending.
 */
async function assertStrongPassword(password: string, owner: repo.UserRow): Promise<void> {
  // zxcvbn's dictionaries weigh ~45 MB of heap: loaded on the first password checked, not at start.
  const { passwordStrengthProblem } = await import('@portal/contracts/rules/password-strength');
  const problem = passwordStrengthProblem(password, owner);
  if (problem) throw new AppError('validation-failed', { fields: { password: [problem] } });
}

const invalidToken = () => new AppError('invalid-token', { fields: { token: ['invalid-token'] } });

const RESET_WINDOW_SECONDS = 60 * 60;
const RESET_MAX_PER_EMAIL = 5;
const RESET_MAX_PER_IP = 20;

/**
 * Asks for a reset link. At most 5 requests per email and 20 per IP an hour, whether the account
 * exists or not, so the form cannot be used to flood a mailbox. The request only queues the job,
 * the same for every email: whether the account exists is found out when the outbox sends it
 * (`deliverReset`), so the answer and its time tell nothing about who has an account.
 */
export async function sendResetMail(
  ctx: AppContext,
  email: string,
  locale: Locale,
  ip: string,
): Promise<void> {
  const limits = [
    [`reset:email:${email}`, RESET_MAX_PER_EMAIL],
    [`reset:ip:${ip}`, RESET_MAX_PER_IP],
  ] as const;
  const wait = await longestWait(
    ctx.rateLimiter,
    limits.map(([bucket, max]) => ({ bucket, max, windowSeconds: RESET_WINDOW_SECONDS })),
  );
  if (wait > 0) throw tooManyRequests(wait);
  for (const [bucket] of limits) await ctx.rateLimiter.hit(bucket, RESET_WINDOW_SECONDS);
  await ctx.outbox.enqueue(ctx.db, MAIL_JOBS.reset, { email, locale } satisfies ResetJob);
  ctx.outbox.kick();
}

/**
 * Queues an invitation (create-password link) for a user; the link is minted when the mail is
 * sent. `db` may be the caller's transaction (the invitation then exists exactly if it commits).
 */
export async function sendInvitation(
  ctx: AppContext,
  userId: number,
  accountingFirmId: number | null,
  locale: Locale = 'fr',
  db: Db = ctx.db,
): Promise<void> {
  await ctx.outbox.enqueue(db, MAIL_JOBS.invitation, {
    userId,
    accountingFirmId,
    locale,
  } satisfies InvitationJob);
  if (db === ctx.db) ctx.outbox.kick();
}

const MAIL_JOBS = { reset: 'password-reset', invitation: 'invitation' } as const;
const resetJob = z.object({ email: z.string(), locale: localeSchema });
type ResetJob = z.infer<typeof resetJob>;
const invitationJob = z.object({
  userId: z.number().int(),
  accountingFirmId: z.number().int().nullable(),
  locale: localeSchema,
});
type InvitationJob = z.infer<typeof invitationJob>;

/**
 * The mails of this module the outbox builds when it sends them: a link's token is minted then,
 * so no usable secret ever waits in the outbox table.
 */
export function identityMailJobs(ctx: AppContext): Record<string, OutboxHandler> {
  return {
    [MAIL_JOBS.reset]: (payload) => deliverReset(ctx, resetJob.parse(payload)),
    [MAIL_JOBS.invitation]: (payload) => deliverInvitation(ctx, invitationJob.parse(payload)),
  };
}

/** The reset mail of an account, or nothing when no account has this email. */
async function deliverReset(ctx: AppContext, job: ResetJob): Promise<MailMessage | null> {
  const user = await repo.findUserByEmail(ctx.db, job.email);
  if (!user) return null;
  const token = newToken();
  await repo.insertPasswordToken(ctx.db, {
    tokenHash: hashToken(token),
    userId: user.id,
    purpose: 'reset',
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_SECONDS * 1000),
  });
  const link = `${ctx.config.publicUrl}/reset-password-submit/${token}`;
  return { to: user.email, ...resetMail(user.locale ?? job.locale, link, 'Portail'), link };
}

/** The invitation of a user who still has no password (else there is nothing to send). */
async function deliverInvitation(ctx: AppContext, job: InvitationJob): Promise<MailMessage | null> {
  const user = await repo.findUserById(ctx.db, job.userId);
  if (!user || user.passwordHash) return null;
  const token = newToken();
  await repo.insertPasswordToken(ctx.db, {
    tokenHash: hashToken(token),
    userId: user.id,
    purpose: 'invite',
    accountingFirmId: job.accountingFirmId,
    expiresAt: new Date(Date.now() + INVITATION_TTL_SECONDS * 1000),
  });
  const link = `${ctx.config.publicUrl}/create-password/${token}`;
  const firm = (await repo.firmName(ctx.db, job.accountingFirmId)) ?? 'Portail';
  return { to: user.email, ...invitationMail(user.locale ?? job.locale, link, firm), link };
}

export async function tokenInfo(ctx: AppContext, token: string, locale: Locale): Promise<PasswordTokenInfo> {
  const found = await repo.findUsableToken(ctx.db, hashToken(token));
  if (!found) throw new AppError('invalid-token', { fields: { token: ['invalid-token'] } });
  const firmId = found.token.accountingFirmId;
  const current = firmId === null ? undefined : await currentTerms(ctx.db, firmId, locale);
  return {
    email: found.user.email,
    purpose: found.token.purpose === 'invite' ? 'invite' : 'reset',
    accounting_firm_id: firmId,
    terms: current ? toTermsDto(current) : null,
  };
}

/**
 * Submits a reset: the token must be a reset link (an invitation goes through createPassword,
 * which records the terms acceptance); sets the password, spends the token, ends the sessions.
 */
export async function resetPassword(
  ctx: AppContext,
  input: ResetPasswordRequest,
  locale: Locale,
): Promise<void> {
  const found = await repo.findUsableToken(ctx.db, hashToken(input.token));
  if (found?.token.purpose !== 'reset') throw invalidToken();
  await assertStrongPassword(input.password, found.user);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    // Spent here, at most once: two submits of one link race on this row.
    if (!(await repo.spendToken(tx, found.token.id))) throw invalidToken();
    await replacePassword(ctx, tx, found.user, passwordHash, locale);
  });
  ctx.outbox.kick();
  // Whoever guessed at the account before, its owner is not kept waiting now.
  await throttle.clearAccountFailures(ctx, found.user.email);
}

/**
 * An invited user creates a password and accepts the firm's current terms, then is signed in.
 */
export async function createPassword(
  ctx: AppContext,
  input: CreatePasswordRequest,
  meta: RequestMeta,
): Promise<SessionTokens> {
  const found = await repo.findUsableToken(ctx.db, hashToken(input.token));
  if (found?.token.purpose !== 'invite') throw invalidToken();
  await assertStrongPassword(input.password, found.user);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.spendToken(tx, found.token.id))) throw invalidToken();
    // Other invitations (from other firms) are spent too: they would set the password again.
    await replacePassword(null, tx, found.user, passwordHash);
    const firmId = found.token.accountingFirmId;
    if (firmId !== null) await recordAcceptance(tx, firmId, found.user.id);
  });
  return openSession(ctx.db, found.user.id, meta);
}
