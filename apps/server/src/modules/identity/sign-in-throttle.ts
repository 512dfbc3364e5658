import {
  REFRESH_TOKEN_TTL_SECONDS,
  SIGN_IN_ACCOUNT_ADDRESS_FREE_FAILURES,
  SIGN_IN_ACCOUNT_ADDRESS_MAX_DELAY_SECONDS,
  SIGN_IN_ACCOUNT_FREE_FAILURES,
  SIGN_IN_ACCOUNT_MAX_DELAY_SECONDS,
  SIGN_IN_ADDRESS_MAX_FAILURES,
  SIGN_IN_FIRST_DELAY_SECONDS,
  SIGN_IN_WINDOW_SECONDS,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { tooManyRequests } from '../../platform/errors/app-error';
import { longestWait, type ThrottleRule } from '../../platform/rate-limit';
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
 * Throws 429 (with the time left) when a password attempt for `email` from `ip` must wait.
 * `userId` is the account's when it exists: the same queries run either way.
 */
export async function assertMayTryPassword(
  ctx: AppContext,
  email: string,
  ip: string,
  userId: number | null,
): Promise<void> {
  const r = rules(email, ip);
  const knownAddress = await repo.signedInFrom(
    ctx.db,
    userId ?? 0,
    ip,
    new Date(Date.now() - REFRESH_TOKEN_TTL_SECONDS * 1000),
  );
  const wait = await longestWait(
    ctx.rateLimiter,
    knownAddress ? [r.address, r.accountAddress] : [r.address, r.accountAddress, r.account],
  );
  if (wait > 0) throw tooManyRequests(wait);
}

export async function recordPasswordFailure(ctx: AppContext, email: string, ip: string): Promise<void> {
  for (const rule of Object.values(rules(email, ip)))
    await ctx.rateLimiter.hit(rule.bucket, rule.windowSeconds);
}

/** The right password from this address: its failures for the account are forgotten. */
export async function recordPasswordSuccess(ctx: AppContext, email: string, ip: string): Promise<void> {
  await ctx.rateLimiter.reset(rules(email, ip).accountAddress.bucket);
}

/** A reset proved the mailbox: every failure counted against the account is forgotten. */
export async function clearAccountFailures(ctx: AppContext, email: string): Promise<void> {
  await ctx.rateLimiter.reset(`${ACCOUNT}${email}`);
  await ctx.rateLimiter.resetPrefix(`${ACCOUNT_ADDRESS}${email}|`);
}
