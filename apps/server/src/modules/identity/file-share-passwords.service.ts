import { createHash } from 'node:crypto';
import {
  FILE_SHARE_PASSWORDS_MAX,
  type FileSharePassword,
  type FileSharePasswordRequest,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import type { Actor } from '../../platform/auth/sessions';
import { AppError, fieldError, tooManyRequests } from '../../platform/errors/app-error';
import { longestWait, type ThrottleRule } from '../../platform/rate-limit';
import * as repo from './file-share-passwords.repository';
import { addressKey } from './sign-in-throttle';

/**
 * A person's file-share passwords: app passwords for the network drive (issue 27). They hold
 * whatever second factor or SSO a portal requires (docs/decisions.md, "File-share passwords").
 */

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function listMine(ctx: AppContext, actor: Actor): Promise<FileSharePassword[]> {
  const rows = await repo.listOf(ctx.db, actor.userId);
  return rows.map((r) => ({
    id: r.id,
    label: r.label,
    created_at: iso(r.createdAt)!,
    last_used_at: iso(r.lastUsedAt),
  }));
}

/** Sets the password of a label: a new one, or a replacement (whose old password stops at once). */
export async function setMine(
  ctx: AppContext,
  actor: Actor,
  body: FileSharePasswordRequest,
): Promise<FileSharePassword> {
  const existing = await repo.listOf(ctx.db, actor.userId);
  const replaces = existing.some((r) => r.label.toLowerCase() === body.label.toLowerCase());
  if (!replaces && existing.length >= FILE_SHARE_PASSWORDS_MAX)
    throw fieldError('validation-failed', 'label', 'too-many-file-share-passwords');
  const row = await repo.upsert(ctx.db, actor.userId, body.label, await hashPassword(body.password));
  return { id: row.id, label: row.label, created_at: iso(row.createdAt)!, last_used_at: null };
}

/** Revokes one: its next use is refused in every process (the trigger clears the caches). */
export async function revokeMine(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  if (!(await repo.remove(ctx.db, actor.userId, id))) throw new AppError('not-found');
}

const WINDOW_SECONDS = 15 * 60;

/** Failures per account (doubling delays past 10) and per address (100), like the sign-in's. */
function davRules(email: string, ip: string): ThrottleRule[] {
  return [
    {
      bucket: `dav:account:${email}`,
      windowSeconds: WINDOW_SECONDS,
      free: 10,
      firstDelaySeconds: 1,
      maxDelaySeconds: 60,
    },
    { bucket: `dav:ip:${addressKey(ip)}`, windowSeconds: WINDOW_SECONDS, max: 100 },
  ];
}

export type FileShareIdentity = { userId: number; passwordId: number };

/**
 * The account a Basic credential (email + file-share password) opens, or 401 `invalid-credentials`;
 * 429 while the account or the address must wait after failures. A verified credential is cached
 * (the key is a digest of both), so Argon2 runs once per credential and cache lifetime.
 */
export async function verifyFileShareCredential(
  ctx: AppContext,
  rawEmail: string,
  password: string,
  ip: string,
): Promise<FileShareIdentity> {
  const email = rawEmail.trim().toLowerCase();
  const key = createHash('sha256').update(email).update('\u0000').update(password).digest('base64url');
  return ctx.access.credential(key, async () => {
    const rules = davRules(email, ip);
    const wait = await longestWait(ctx.rateLimiter, rules);
    if (wait > 0) throw tooManyRequests(wait);
    const found = await repo.credentialsOf(ctx.db, email);
    const checks = found.passwords.length
      ? await Promise.all(
          found.passwords.map(async (p) => ((await verifyPassword(p.hash, password)) ? p : null)),
        )
      : [await verifyPassword(null, password)].map(() => null);
    const match = checks.find((p) => p !== null);
    if (!match || found.userId === null) {
      for (const rule of rules) await ctx.rateLimiter.hit(rule.bucket, rule.windowSeconds);
      throw new AppError('invalid-credentials');
    }
    await repo.touch(ctx.db, match.id);
    return { userId: found.userId, passwordId: match.id };
  });
}
