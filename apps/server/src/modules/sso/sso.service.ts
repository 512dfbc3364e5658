import type { SsoErrorReason } from '@portal/contracts';
import type { LoginAnswer } from '@portal/contracts/auth/two-factor';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import { hashToken, newToken } from '../../platform/auth/tokens';
import { AppError, tooManyRequests } from '../../platform/errors/app-error';
import { longestWait } from '../../platform/rate-limit';
import { findUserIdByEmail } from '../identity/people.service';
import { afterPortalSso } from '../identity/two-factor.service';
import { type OidcClients, randomCodeVerifier, randomNonce, randomState } from './oidc';
import { ssoKey } from './providers.service';
import { openSecret } from './secret-box';
import * as repo from './sso.repository';

/** An attempt lives 10 minutes; the web app takes its session within 2 minutes of the callback. */
export const ATTEMPT_TTL_SECONDS = 600;
const HANDOFF_SECONDS = 120;
/** Sign-ins started per address: each records an attempt and may ask the provider for its metadata. */
const STARTS_PER_IP = 30;
const STARTS_WINDOW_SECONDS = 600;

type RequestMeta = { ip: string; userAgent?: string };
type Log = { warn(obj: object, msg: string): void };

/** The callback address registered at the provider: from PUBLIC_URL, never the request's Host. */
export const callbackUrl = (ctx: AppContext) => `${ctx.config.publicUrl}/api/oauth/callback`;

/** A path of the web app to go to once signed in; anything else is dropped. */
const safeRedirect = (value: string | undefined) =>
  value && /^\/(?![/\\])/.test(value) && !/[\u0000-\u001f]/.test(value) ? value : null;

export const ssoErrorPath = (vendor: string, reason: SsoErrorReason) =>
  `/sso-error/${encodeURIComponent(vendor)}?reason=${reason}`;

function oidcProvider(ctx: AppContext, row: repo.ProviderRow) {
  const clientSecret = openSecret(ssoKey(ctx), row.accountingFirmId, row.clientSecretSealed);
  if (clientSecret === null) throw new Error(`identity provider ${row.id}: the secret does not open`);
  return { id: row.id, issuer: row.issuer, clientId: row.clientId, clientSecret, updatedAt: row.updatedAt };
}

/**
 * Starts a sign-in: a new attempt bound to this browser (the returned `browserToken` goes in an
 * HttpOnly cookie; the database keeps its sha256), and the provider's authorization URL.
 */
export async function startSignIn(
  ctx: AppContext,
  oidc: OidcClients,
  log: Log,
  request: { providerId: number; redirect: string | undefined; ip: string },
): Promise<{ location: string; browserToken: string | null }> {
  const bucket = `sso:ip:${request.ip}`;
  const wait = await longestWait(ctx.rateLimiter, [
    { bucket, max: STARTS_PER_IP, windowSeconds: STARTS_WINDOW_SECONDS },
  ]);
  if (wait > 0) throw tooManyRequests(wait);
  await ctx.rateLimiter.hit(bucket, STARTS_WINDOW_SECONDS);
  const { providerId, redirect } = request;
  const row = await repo.findProviderById(ctx.db, providerId);
  if (!row) throw new AppError('not-found');
  const browserToken = newToken();
  const attempt = { state: randomState(), nonce: randomNonce(), codeVerifier: randomCodeVerifier() };
  let location: URL;
  try {
    location = await oidc.authorizationUrl(oidcProvider(ctx, row), {
      ...attempt,
      redirectUri: callbackUrl(ctx),
    });
  } catch (error) {
    log.warn({ err: error, providerId }, 'sso: the provider cannot be reached or described');
    return { location: ssoErrorPath(row.name, 'failed'), browserToken: null };
  }
  await repo.insertAttempt(ctx.db, {
    accountingFirmId: row.accountingFirmId,
    providerId: row.id,
    browserHash: hashToken(browserToken),
    ...attempt,
    redirect: safeRedirect(redirect),
    expiresAt: new Date(Date.now() + ATTEMPT_TTL_SECONDS * 1000),
  });
  return { location: location.href, browserToken };
}

/**
 * Whether the portal knows the person: an accepted member or client user of the firm (no super
 * admin pass; a pending invitation grants nothing, so the invited person accepts it first).
 */
async function knownToFirm(ctx: AppContext, accountingFirmId: number, userId: number): Promise<boolean> {
  const probe: Actor = {
    userId,
    isSuperAdmin: false,
    sessionId: 0,
    familyId: '',
    expiresAt: new Date(),
    boundFirmId: accountingFirmId,
  };
  const grant = await ctx.access.grantFor(probe, { kind: 'firm', accountingFirmId });
  return grant.roles.some((r) => r === 'firm_admin' || r === 'firm_collaborator' || r === 'firm_client');
}

/**
 * The provider's redirect back. Takes this browser's attempt once (a replayed or forged `state`,
 * another browser, an expired attempt fail), lets openid-client check the code (PKCE, issuer, ID
 * token, nonce), then accepts only a verified email of a person the firm already has. Answers
 * where the browser goes: the web app's `/oauth/callback`, or `/sso-error/{vendor}`.
 */
export async function callback(
  ctx: AppContext,
  oidc: OidcClients,
  log: Log,
  browserToken: string | undefined,
  query: { state?: string; error?: string },
  rawQuery: string,
): Promise<string> {
  const attempt = browserToken ? await repo.claimForCallback(ctx.db, hashToken(browserToken)) : undefined;
  const row = attempt
    ? await repo.findProvider(ctx.db, attempt.accountingFirmId, attempt.providerId)
    : undefined;
  if (!attempt || !row) return ssoErrorPath('sso', 'failed');
  if (query.error || query.state !== attempt.state) return ssoErrorPath(row.name, 'failed');
  let identity: Awaited<ReturnType<OidcClients['identify']>>;
  try {
    identity = await oidc.identify(
      oidcProvider(ctx, row),
      new URL(`${callbackUrl(ctx)}?${rawQuery}`),
      attempt,
    );
  } catch (error) {
    log.warn({ err: error, providerId: row.id }, 'sso: the callback was refused');
    return ssoErrorPath(row.name, 'failed');
  }
  const userId =
    identity.email && identity.emailVerified ? await findUserIdByEmail(ctx.db, identity.email) : undefined;
  if (!userId || !(await knownToFirm(ctx, attempt.accountingFirmId, userId))) {
    return ssoErrorPath(row.name, 'not-added');
  }
  await repo.recordSignedIn(ctx.db, attempt.id, userId);
  return attempt.redirect
    ? `/oauth/callback?${new URLSearchParams({ redirect: attempt.redirect })}`
    : '/oauth/callback';
}

/**
 * The web app takes the signed-in person's session, once, with the same browser's cookie. The
 * session is bound to the provider's portal (docs/decisions.md, "Sessions born of a portal's
 * SSO"); a person with TOTP on gets the `mfa_token` step first, unless the portal marked its
 * provider as carrying the second factor.
 */
export async function takeSession(
  ctx: AppContext,
  browserToken: string | undefined,
  meta: RequestMeta,
): Promise<LoginAnswer> {
  const handoff = browserToken
    ? await repo.claimHandoff(ctx.db, hashToken(browserToken), HANDOFF_SECONDS)
    : undefined;
  const provider = handoff && (await repo.findProvider(ctx.db, handoff.accountingFirmId, handoff.providerId));
  if (!handoff || !provider) throw new AppError('invalid-token');
  return afterPortalSso(ctx, handoff.userId, meta, {
    accountingFirmId: provider.accountingFirmId,
    carriesSecondFactor: provider.carriesSecondFactor,
  });
}
