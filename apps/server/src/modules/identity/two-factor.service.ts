import {
  type LoginAnswer,
  type LoginMfaAnswer,
  type LoginMfaRequest,
  MFA_TOKEN_TTL_SECONDS,
  type RecoveryCodes,
  type SignInSettings,
  type TotpEnrolment,
  type TotpStatus,
  type UpdateSignInSettings,
} from '@portal/contracts/auth/two-factor';
import type { AppContext } from '../../app-context';
import { secretBox } from '../../platform/auth/secret-box';
import { type Actor, openSession, revokeOtherSessions } from '../../platform/auth/sessions';
import { hashToken, newToken } from '../../platform/auth/tokens';
import { AppError } from '../../platform/errors/app-error';
import type { UserRow } from './identity.repository';
import * as users from './identity.repository';
import { auditSignIn } from './sign-in-audit.service';
import * as throttle from './sign-in-throttle';
import {
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  qrCodeDataUri,
  recoveryCodeHash,
  totpStep,
} from './totp';
import * as repo from './two-factor.repository';

type RequestMeta = { ip: string; userAgent?: string };

const ISSUER = 'Portail';
const box = (ctx: AppContext) => secretBox(ctx.config.totpEncryptionKey, 'totp');

const invalidMfaToken = () => new AppError('invalid-token', { fields: { mfa_token: ['invalid-token'] } });
const wrongCode = (field: 'code' | 'recovery_code' = 'code') =>
  new AppError('invalid-mfa-code', { fields: { [field]: ['invalid-mfa-code'] } });

/**
 * Whether the person must have a second factor: a portal's rule names them (`requiredByAPortal`),
 * or they are the super admin of a production server (not the demo, whose passwords are public).
 */
export async function mustUseSecondFactor(ctx: AppContext, user: UserRow): Promise<boolean> {
  if (user.isSuperAdmin && ctx.config.NODE_ENV === 'production' && !ctx.config.seedDemo) return true;
  return repo.requiredByAPortal(ctx.db, user.id);
}

/**
 * What follows a first factor (password, sign-in link): the tokens, or a short-lived `mfa_token`
 * for `POST /api/login/mfa`, which asks for enrolment first when the person has no second factor
 * yet but must have one (after a password only: `password-sign-in-required` for a bound one).
 */
export async function afterFirstFactor(
  ctx: AppContext,
  user: UserRow,
  meta: RequestMeta,
  boundFirmId: number | null = null,
): Promise<LoginAnswer> {
  const purpose = user.totpEnabledAt ? 'verify' : (await mustUseSecondFactor(ctx, user)) ? 'enrol' : null;
  if (!purpose) return openSession(ctx.db, user.id, meta, undefined, boundFirmId);
  // A sign-in one portal controls (its link, mailed through its domain) must not set the second
  // factor of an account every portal relies on: the enrolment waits for a password sign-in.
  if (purpose === 'enrol' && boundFirmId !== null) throw new AppError('password-sign-in-required');
  return newChallenge(ctx, user.id, purpose, boundFirmId);
}

/** The `mfa_token` step; the session it opens keeps `boundFirmId`. */
async function newChallenge(
  ctx: AppContext,
  userId: number,
  purpose: 'verify' | 'enrol',
  boundFirmId: number | null,
): Promise<LoginAnswer> {
  const token = newToken();
  await repo.deleteStaleChallenges(ctx.db, userId);
  await repo.insertChallenge(ctx.db, {
    tokenHash: hashToken(token),
    userId,
    purpose,
    boundFirmId,
    expiresAt: new Date(Date.now() + MFA_TOKEN_TTL_SECONDS * 1000),
  });
  return { mfa_required: true, mfa_token: token, mfa_enrolment: purpose === 'enrol' };
}

/**
 * What follows a sign-in through a portal's own identity provider: a session bound to that
 * portal, after the person's TOTP when they have it on, unless the portal's administrators marked
 * the provider as carrying the second factor. Never an enrolment: a provider the firm controls
 * must not set the second factor of an account other portals rely on.
 */
export async function afterPortalSso(
  ctx: AppContext,
  userId: number,
  meta: RequestMeta,
  portal: { accountingFirmId: number; carriesSecondFactor: boolean },
): Promise<LoginAnswer> {
  const user = await users.findUserById(ctx.db, userId);
  if (!user) throw new AppError('invalid-token');
  if (user.totpEnabledAt && !portal.carriesSecondFactor) {
    return newChallenge(ctx, user.id, 'verify', portal.accountingFirmId);
  }
  const tokens = await openSession(ctx.db, user.id, meta, undefined, portal.accountingFirmId);
  await auditSignIn(ctx, {
    userId: user.id,
    email: user.email,
    method: 'sso',
    firmId: portal.accountingFirmId,
  });
  return tokens;
}

async function liveChallenge(ctx: AppContext, mfaToken: string) {
  const row = await repo.findChallenge(ctx.db, hashToken(mfaToken));
  if (!row) throw invalidMfaToken();
  return row;
}

/** A new secret, not in force until a first code confirms it. */
async function startEnrolment(ctx: AppContext, user: UserRow): Promise<TotpEnrolment> {
  const secret = newTotpSecret();
  await repo.setTotp(ctx.db, user.id, {
    totpSecret: box(ctx).seal(secret),
    totpEnabledAt: null,
    totpLastStep: null,
  });
  const uri = otpauthUri(secret, user.email, ISSUER);
  return { secret, otpauth_uri: uri, qr_code: await qrCodeDataUri(uri) };
}

/** A code of the person's secret, of a step after the last accepted one (each code works once). */
async function acceptCode(ctx: AppContext, user: UserRow, code: string): Promise<boolean> {
  if (!user.totpSecret) return false;
  const step = totpStep(box(ctx).open(user.totpSecret), code);
  return step !== null && repo.acceptStep(ctx.db, user.id, step);
}

/** Checks a code of a signed-in person under the second-factor throttle (`sign-in-throttle.ts`). */
async function checkCode(ctx: AppContext, user: UserRow, code: string, ip: string): Promise<void> {
  const attempt = (await throttle.startSecondFactorAttempt(ctx, user.id, ip, null))!;
  if (!(await acceptCode(ctx, user, code))) throw wrongCode();
  await throttle.recordSecondFactorSuccess(ctx, attempt);
}

/** Turns the pending secret on and gives new recovery codes (shown once). */
async function enable(ctx: AppContext, userId: number, keepFamilyId: string | null): Promise<string[]> {
  const { codes, hashes } = newRecoveryCodes();
  await ctx.db.transaction(async (tx) => {
    await repo.replaceRecoveryCodes(tx, userId, hashes);
    await repo.enableTotp(tx, userId);
    if (keepFamilyId) await revokeOtherSessions(tx, userId, keepFamilyId);
  });
  return codes;
}

/** The enrolment asked by a portal's rule, between the password and the session. */
export async function enrolAtSignIn(ctx: AppContext, mfaToken: string): Promise<TotpEnrolment> {
  const { challenge, user } = await liveChallenge(ctx, mfaToken);
  if (challenge.purpose !== 'enrol' || user.totpEnabledAt || challenge.boundFirmId !== null)
    throw invalidMfaToken();
  return startEnrolment(ctx, user);
}

/** The second step of a sign-in: a code (or a recovery code) for the `mfa_token`, then the tokens. */
export async function completeSignIn(
  ctx: AppContext,
  input: LoginMfaRequest,
  meta: RequestMeta,
): Promise<LoginMfaAnswer> {
  const { challenge, user } = await liveChallenge(ctx, input.mfa_token);
  const attempt = await throttle.startSecondFactorAttempt(ctx, user.id, meta.ip, challenge.id);
  if (!attempt) {
    // The token took its wrong codes: it is spent, the sign-in starts again with the password.
    await repo.spendChallenge(ctx.db, challenge.id);
    throw invalidMfaToken();
  }
  const enrolling = challenge.purpose === 'enrol';
  const byCode = input.code !== undefined;
  let ok: boolean;
  if (enrolling)
    ok =
      byCode &&
      !user.totpEnabledAt &&
      challenge.boundFirmId === null &&
      (await acceptCode(ctx, user, input.code as string));
  else if (!user.totpEnabledAt) ok = false;
  else if (byCode) ok = await acceptCode(ctx, user, input.code as string);
  else ok = await repo.spendRecoveryCode(ctx.db, user.id, recoveryCodeHash(input.recovery_code ?? ''));
  if (!ok) throw wrongCode(byCode ? 'code' : 'recovery_code');
  await throttle.recordSecondFactorSuccess(ctx, attempt);
  if (!(await repo.spendChallenge(ctx.db, challenge.id))) throw invalidMfaToken();
  const recoveryCodes = enrolling ? await enable(ctx, user.id, null) : undefined;
  const tokens = await openSession(ctx.db, user.id, meta, undefined, challenge.boundFirmId);
  await auditSignIn(ctx, {
    userId: user.id,
    email: user.email,
    method: 'second_factor',
    firmId: challenge.boundFirmId,
  });
  return recoveryCodes ? { ...tokens, recovery_codes: recoveryCodes } : tokens;
}

async function self(ctx: AppContext, actor: Actor): Promise<UserRow> {
  const user = await users.findUserById(ctx.db, actor.userId);
  if (!user) throw new AppError('token-expired');
  return user;
}

export async function status(ctx: AppContext, actor: Actor): Promise<TotpStatus> {
  const user = await self(ctx, actor);
  return {
    enabled: Boolean(user.totpEnabledAt),
    recovery_codes_left: user.totpEnabledAt ? await repo.recoveryCodesLeft(ctx.db, user.id) : 0,
    required: await mustUseSecondFactor(ctx, user),
  };
}

/** Starts (or restarts) an enrolment from the profile. */
export async function enrol(ctx: AppContext, actor: Actor): Promise<TotpEnrolment> {
  const user = await self(ctx, actor);
  if (user.totpEnabledAt) throw new AppError('two-factor-already-enabled');
  return startEnrolment(ctx, user);
}

/** The first code turns it on: recovery codes, and every other session ends. */
export async function confirm(
  ctx: AppContext,
  actor: Actor,
  code: string,
  ip: string,
): Promise<RecoveryCodes> {
  const user = await self(ctx, actor);
  if (user.totpEnabledAt) throw new AppError('two-factor-already-enabled');
  if (!user.totpSecret) throw new AppError('two-factor-not-enabled');
  await checkCode(ctx, user, code, ip);
  return { recovery_codes: await enable(ctx, user.id, actor.familyId) };
}

/** Turning it off needs a fresh code; every other session ends. */
export async function disable(ctx: AppContext, actor: Actor, code: string, ip: string): Promise<void> {
  const user = await self(ctx, actor);
  if (!user.totpEnabledAt) throw new AppError('two-factor-not-enabled');
  await checkCode(ctx, user, code, ip);
  await ctx.db.transaction(async (tx) => {
    await repo.setTotp(tx, user.id, { totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    await repo.replaceRecoveryCodes(tx, user.id, []);
    await revokeOtherSessions(tx, user.id, actor.familyId);
  });
}

/** New recovery codes (the old ones stop working), for a fresh code. */
export async function regenerateRecoveryCodes(
  ctx: AppContext,
  actor: Actor,
  code: string,
  ip: string,
): Promise<RecoveryCodes> {
  const user = await self(ctx, actor);
  if (!user.totpEnabledAt) throw new AppError('two-factor-not-enabled');
  await checkCode(ctx, user, code, ip);
  const { codes, hashes } = newRecoveryCodes();
  await ctx.db.transaction((tx) => repo.replaceRecoveryCodes(tx, user.id, hashes));
  return { recovery_codes: codes };
}

export async function signInSettings(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
): Promise<SignInSettings> {
  await ctx.access.authorize(actor, 'firm.update', { kind: 'firm', accountingFirmId });
  const row = await repo.signInSettings(ctx.db, accountingFirmId);
  if (!row) throw new AppError('not-found');
  return { mfa_rule: row.mfaRule, magic_links: row.magicLinks };
}

export async function updateSignInSettings(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  input: UpdateSignInSettings,
): Promise<SignInSettings> {
  await ctx.access.authorize(actor, 'firm.update', { kind: 'firm', accountingFirmId });
  await repo.updateSignInSettings(ctx.db, accountingFirmId, {
    mfaRule: input.mfa_rule,
    magicLinks: input.magic_links,
  });
  return signInSettings(ctx, actor, accountingFirmId);
}
