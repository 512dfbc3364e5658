import {
  MFA_TOKEN_MAX_FAILURES,
  REFRESH_TOKEN_TTL_SECONDS,
  SECOND_FACTOR_FIRST_DELAY_SECONDS,
  SECOND_FACTOR_FREE_FAILURES,
  SECOND_FACTOR_MAX_DELAY_SECONDS,
  SECOND_FACTOR_WINDOW_SECONDS,
  SIGN_IN_ACCOUNT_ADDRESS_FREE_FAILURES,
  SIGN_IN_ACCOUNT_ADDRESS_MAX_DELAY_SECONDS,
  SIGN_IN_ACCOUNT_FREE_FAILURES,
  SIGN_IN_ACCOUNT_MAX_DELAY_SECONDS,
  SIGN_IN_ADDRESS_MAX_FAILURES,
  SIGN_IN_FIRST_DELAY_SECONDS,
  SIGN_IN_WINDOW_SECONDS,
} from '@portal/contracts';
import { MFA_TOKEN_TTL_SECONDS } from '@portal/contracts/auth/two-factor';
import type { AppContext } from '../../app-context';
import { tooManyRequests } from '../../platform/errors/app-error';
import { type Attempt, countAttempt, forgetAttempt, type ThrottleRule } from '../../platform/rate-limit';
import * as repo from './identity.repository';

/**
 * Password attempts (sign-in, a change's current password) are throttled on failures, never with
 * a lock the owner cannot get past:
 * - per account and address: delays that double once 5 failures are in the window, so a guesser
 *   at one address soon waits minutes, and nobody else is slowed by them;
 * - per account: delays that double once 10 are, at most a minute, so that guessing from many
 *   addresses stays slow; an address the account signed in from in the last 30 days is exempt,
 *   so its owner is not kept out by someone else's guesses;
 * - per address, whatever the account: 100 failures (an office behind one router is not one
 *   person).
 * A success clears the account-and-address counter; a password reset clears all the account's.
 * An attempt is counted before the password is checked (parallel guesses see each other), then
 * taken back if it was refused or succeeded.
 *
 * Second-factor codes have a counter of their own per account, which neither a password nor a
 * reset clears (an attacker who has the password re-enters it at will), and a cap per `mfa_token`.
 */
const ACCOUNT_ADDRESS = 'login:account-ip:';
const ACCOUNT = 'login:account:';
const ADDRESS = 'login:ip:';

/** The address a throttle counts: IPv4 as it is, IPv6 by its /64 (one subscriber's network). */
export function addressKey(ip: string): string {
  if (!ip.includes(':') || /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip)) return ip.replace(/^::ffff:/i, '');
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

function rules(email: string, ip: string) {
  const address = addressKey(ip);
  const window = SIGN_IN_WINDOW_SECONDS;
  return {
    address: { bucket: `${ADDRESS}${address}`, windowSeconds: window, max: SIGN_IN_ADDRESS_MAX_FAILURES },
    accountAddress: {
      bucket: `${ACCOUNT_ADDRESS}${email}|${address}`,
      windowSeconds: window,
      free: SIGN_IN_ACCOUNT_ADDRESS_FREE_FAILURES,
      firstDelaySeconds: SIGN_IN_FIRST_DELAY_SECONDS,
      maxDelaySeconds: SIGN_IN_ACCOUNT_ADDRESS_MAX_DELAY_SECONDS,
    },
    account: {
      bucket: `${ACCOUNT}${email}`,
      windowSeconds: window,
      free: SIGN_IN_ACCOUNT_FREE_FAILURES,
      firstDelaySeconds: SIGN_IN_FIRST_DELAY_SECONDS,
      maxDelaySeconds: SIGN_IN_ACCOUNT_MAX_DELAY_SECONDS,
    },
  } satisfies Record<string, ThrottleRule>;
}

/**
 * Counts a password attempt for `email` from `ip`, or throws 429 (with the time left) when it must
 * wait. `userId` is the account's when it exists: the same queries run either way.
 */
export async function startPasswordAttempt(
  ctx: AppContext,
  email: string,
  ip: string,
  userId: number | null,
): Promise<Attempt> {
  const r = rules(email, ip);
  const knownAddress = await repo.signedInFrom(
    ctx.db,
    userId ?? 0,
    ip,
    new Date(Date.now() - REFRESH_TOKEN_TTL_SECONDS * 1000),
  );
  const attempt = await countAttempt(
    ctx.rateLimiter,
    knownAddress ? [r.address, r.accountAddress] : [r.address, r.accountAddress, r.account],
  );
  if (attempt.wait > 0) throw tooManyRequests(attempt.wait);
  return attempt;
}

/** A wrong password: the attempt stays counted, and counts for the account even from a known address. */
export async function recordPasswordFailure(
  ctx: AppContext,
  email: string,
  ip: string,
  attempt: Attempt,
): Promise<void> {
  for (const rule of Object.values(rules(email, ip)))
    if (!attempt.events.some((e) => e.bucket === rule.bucket))
      await ctx.rateLimiter.hit(rule.bucket, rule.windowSeconds);
}

/** The right password from this address: the attempt is no failure, and the address's failures for the account are forgotten. */
export async function recordPasswordSuccess(
  ctx: AppContext,
  email: string,
  ip: string,
  attempt: Attempt,
): Promise<void> {
  await forgetAttempt(ctx.rateLimiter, attempt);
  await ctx.rateLimiter.reset(rules(email, ip).accountAddress.bucket);
}

/** A reset proved the mailbox: every password failure counted against the account is forgotten. */
export async function clearAccountFailures(ctx: AppContext, email: string): Promise<void> {
  await ctx.rateLimiter.reset(`${ACCOUNT}${email}`);
  await ctx.rateLimiter.resetPrefix(`${ACCOUNT_ADDRESS}${email}|`);
}

const SECOND_FACTOR = '2fa:account:';
const MFA_TOKEN = '2fa:token:';

/**
 * Counts a second-factor attempt of an account (and of its `mfa_token`'s challenge, at sign-in),
 * or throws 429 while the account must wait; null when the token took its wrong codes already.
 * A wrong code leaves the attempt counted; `recordSecondFactorSuccess` takes a right one back.
 */
export async function startSecondFactorAttempt(
  ctx: AppContext,
  userId: number,
  ip: string,
  challengeId: number | null,
): Promise<Attempt | null> {
  const attempt = await countAttempt(ctx.rateLimiter, [
    rules('', ip).address,
    {
      bucket: `${SECOND_FACTOR}${userId}`,
      windowSeconds: SECOND_FACTOR_WINDOW_SECONDS,
      free: SECOND_FACTOR_FREE_FAILURES,
      firstDelaySeconds: SECOND_FACTOR_FIRST_DELAY_SECONDS,
      maxDelaySeconds: SECOND_FACTOR_MAX_DELAY_SECONDS,
    },
  ]);
  if (attempt.wait > 0) throw tooManyRequests(attempt.wait);
  if (challengeId === null) return attempt;
  const forToken = await countAttempt(ctx.rateLimiter, [
    {
      bucket: `${MFA_TOKEN}${challengeId}`,
      windowSeconds: MFA_TOKEN_TTL_SECONDS,
      max: MFA_TOKEN_MAX_FAILURES,
    },
  ]);
  if (forToken.wait > 0) {
    await forgetAttempt(ctx.rateLimiter, attempt);
    return null;
  }
  return { wait: 0, events: [...attempt.events, ...forToken.events] };
}

/** A right code: the attempt was no failure. */
export async function recordSecondFactorSuccess(ctx: AppContext, attempt: Attempt): Promise<void> {
  await forgetAttempt(ctx.rateLimiter, attempt);
}
