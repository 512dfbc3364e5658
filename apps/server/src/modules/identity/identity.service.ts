import {
  type ChangePasswordRequest,
  type CreatePasswordRequest,
  INVITATION_TTL_SECONDS,
  type Locale,
  type LoginRequest,
  PASSWORD_RESET_TTL_SECONDS,
  type PasswordTokenInfo,
  type ResetPasswordRequest,
  type SessionTokens,
  SIGN_IN_MAX_FAILURES,
  SIGN_IN_WINDOW_SECONDS,
  type UpdateMeRequest,
  type User,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { type Actor, openSession, revokeAllSessions, rotateRefreshToken } from '../../platform/auth/sessions';
import { hashToken, newToken } from '../../platform/auth/tokens';
import { AppError } from '../../platform/errors/app-error';
import { currentTerms, recordAcceptance, toTermsDto } from '../terms/terms.service';
import * as repo from './identity.repository';
import { invitationMail, resetMail } from './mails';
import { toUserDto } from './user.mapper';

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
 * The account of `person.email` inside the caller's transaction: the existing one, left as it is
 * (a person's identity is theirs), or a new one without password, which the person creates from
 * the invitation. `invite` tells the caller to send one once its transaction has committed.
 */
export async function findOrCreateUser(
  tx: Db,
  person: NewPerson,
): Promise<{ userId: number; invite: boolean }> {
  const existing = await repo.findUserByEmail(tx, person.email);
  const user =
    existing ??
    (await repo.insertUser(tx, {
      email: person.email,
      firstname: person.firstname ?? null,
      lastname: person.lastname ?? null,
      civility: person.civility ?? null,
      birthCity: person.birth_city ?? null,
      birthDate: person.birth_date ?? null,
      mobileNumber: person.mobile_number ?? null,
    }));
  return { userId: user.id, invite: !user.passwordHash };
}

/**
 * Signs in with email and password. Failures are counted per email and per IP over 15 minutes;
 * past 10 the answer is 429 before the password is even checked.
 */
export async function login(ctx: AppContext, input: LoginRequest, meta: RequestMeta): Promise<SessionTokens> {
  const buckets = [`login:email:${input.email}`, `login:ip:${meta.ip}`];
  for (const bucket of buckets) {
    if ((await ctx.rateLimiter.count(bucket, SIGN_IN_WINDOW_SECONDS)) >= SIGN_IN_MAX_FAILURES) {
      throw new AppError('too-many-requests');
    }
  }
  const user = await repo.findUserByEmail(ctx.db, input.email);
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !valid) {
    for (const bucket of buckets) await ctx.rateLimiter.hit(bucket, SIGN_IN_WINDOW_SECONDS);
    throw new AppError('invalid-credentials', {
      fields: { email: ['invalid-credentials'] },
    });
  }
  await ctx.rateLimiter.reset(buckets[0]!);
  return openSession(ctx.db, user.id, meta);
}

/** Exchanges a refresh token for a new pair; a replayed token revokes its family (401). */
export async function refresh(ctx: AppContext, refreshToken: string | undefined, meta: RequestMeta) {
  if (!refreshToken) throw new AppError('token-missing');
  const result = await rotateRefreshToken(ctx.db, refreshToken, meta);
  if (!result || 'reused' in result) throw new AppError('token-expired');
  return result.tokens;
}

export async function me(ctx: AppContext, userId: number): Promise<User> {
  const user = await repo.findUserById(ctx.db, userId);
  if (!user) throw new AppError('token-expired');
  return toUserDto(user, await repo.isFirmMember(ctx.db, userId));
}

export async function updateMe(ctx: AppContext, actor: Actor, input: UpdateMeRequest): Promise<User> {
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
  return me(ctx, actor.userId);
}

/** Changes the password and ends every session of the user (the web app goes to sign-in). */
export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  input: ChangePasswordRequest,
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await repo.updateUser(tx, actor.userId, { passwordHash });
    await revokeAllSessions(tx, actor.userId);
  });
}

const RESET_WINDOW_SECONDS = 60 * 60;
const RESET_MAX_PER_EMAIL = 5;
const RESET_MAX_PER_IP = 20;

/**
 * Sends a reset link when the account exists; answers the same either way. At most 5 requests
 * per email and 20 per IP an hour, whether the account exists or not, so the form cannot be used
 * to flood a mailbox.
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
  for (const [bucket, max] of limits) {
    if ((await ctx.rateLimiter.count(bucket, RESET_WINDOW_SECONDS)) >= max)
      throw new AppError('too-many-requests');
  }
  for (const [bucket] of limits) await ctx.rateLimiter.hit(bucket, RESET_WINDOW_SECONDS);
  const user = await repo.findUserByEmail(ctx.db, email);
  if (!user) return;
  const token = newToken();
  await repo.insertPasswordToken(ctx.db, {
    tokenHash: hashToken(token),
    userId: user.id,
    purpose: 'reset',
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_SECONDS * 1000),
  });
  const link = `${ctx.config.publicUrl}/reset-password-submit/${token}`;
  const mail = resetMail(user.locale ?? locale, link, 'Portail');
  await ctx.mailer.send({ to: user.email, ...mail, link });
}

/** Creates an invitation (create-password link) for a user and mails it. */
export async function sendInvitation(
  ctx: AppContext,
  userId: number,
  accountingFirmId: number | null,
  locale: Locale = 'fr',
): Promise<string> {
  const user = await repo.findUserById(ctx.db, userId);
  if (!user) throw new AppError('not-found');
  const token = newToken();
  await repo.insertPasswordToken(ctx.db, {
    tokenHash: hashToken(token),
    userId,
    purpose: 'invite',
    accountingFirmId,
    expiresAt: new Date(Date.now() + INVITATION_TTL_SECONDS * 1000),
  });
  const link = `${ctx.config.publicUrl}/create-password/${token}`;
  const firm = (await repo.firmName(ctx.db, accountingFirmId)) ?? 'Portail';
  await ctx.mailer.send({ to: user.email, ...invitationMail(user.locale ?? locale, link, firm), link });
  return link;
}

export async function tokenInfo(ctx: AppContext, token: string, locale: Locale): Promise<PasswordTokenInfo> {
  const found = await repo.findUsableToken(ctx.db, hashToken(token));
  if (!found) throw new AppError('invalid-token', { fields: { token: ['invalid-token'] } });
  const firmId = found.token.accountingFirmId;
  const current = firmId === null ? undefined : await currentTerms(ctx.db, firmId, locale);
  return {
    email: found.user.email,
    purpose: found.token.purpose,
    accounting_firm_id: firmId,
    terms: current ? toTermsDto(current) : null,
  };
}

/** Submits a reset: sets the password, spends the token, ends the user's sessions. */
export async function resetPassword(ctx: AppContext, input: ResetPasswordRequest): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const found = await repo.findUsableToken(tx, hashToken(input.token));
    // An invitation must go through createPassword, which records the terms acceptance.
    if (found?.token.purpose !== 'reset') {
      throw new AppError('invalid-token', { fields: { token: ['invalid-token'] } });
    }
    await repo.updateUser(tx, found.user.id, { passwordHash });
    await repo.markTokenUsed(tx, found.token.id);
    await revokeAllSessions(tx, found.user.id);
  });
}

/**
 * An invited user creates a password and accepts the firm's current terms, then is signed in.
 */
export async function createPassword(
  ctx: AppContext,
  input: CreatePasswordRequest,
  meta: RequestMeta,
): Promise<SessionTokens> {
  const passwordHash = await hashPassword(input.password);
  const userId = await ctx.db.transaction(async (tx) => {
    const found = await repo.findUsableToken(tx, hashToken(input.token));
    if (found?.token.purpose !== 'invite') {
      throw new AppError('invalid-token', { fields: { token: ['invalid-token'] } });
    }
    await repo.updateUser(tx, found.user.id, { passwordHash });
    await repo.markTokenUsed(tx, found.token.id);
    const firmId = found.token.accountingFirmId;
    if (firmId !== null) await recordAcceptance(tx, firmId, found.user.id);
    return found.user.id;
  });
  return openSession(ctx.db, userId, meta);
}
