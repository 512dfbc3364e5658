import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_REUSE_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  type SessionTokens,
} from '@portal/contracts';
import { and, desc, eq, gt, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { hashToken, newFamilyId, newToken } from './tokens';

export type Actor = {
  userId: number;
  isSuperAdmin: boolean;
  sessionId: number;
  familyId: string;
  expiresAt: Date;
  /**
   * The one portal a session born of that portal's own sign-in (its SSO provider, its sign-in
   * link) may reach; null for a session of the whole account. Enforced by the access module.
   */
  boundFirmId: number | null;
};

type SessionMeta = { userAgent?: string; ip?: string };

/** Opens a new session (new family unless given; bound to a portal when `boundFirmId`). */
export async function openSession(
  db: Db,
  userId: number,
  meta: SessionMeta,
  familyId = newFamilyId(),
  boundFirmId: number | null = null,
) {
  const accessToken = newToken();
  const refreshToken = newToken();
  const now = Date.now();
  const accessExpiresAt = new Date(now + ACCESS_TOKEN_TTL_SECONDS * 1000);
  const refreshExpiresAt = new Date(now + REFRESH_TOKEN_TTL_SECONDS * 1000);
  await db.insert(sessions).values({
    userId,
    familyId,
    accessTokenHash: hashToken(accessToken),
    refreshTokenHash: hashToken(refreshToken),
    accessExpiresAt,
    refreshExpiresAt,
    userAgent: meta.userAgent?.slice(0, 255),
    ip: meta.ip,
    boundFirmId,
  });
  const tokens: SessionTokens = {
    access_token: accessToken,
    refresh_token: refreshToken,
    token_type: 'Bearer',
    expires_at: accessExpiresAt.toISOString(),
    refresh_expires_at: refreshExpiresAt.toISOString(),
  };
  return tokens;
}

export type AccessCheck = { actor: Actor } | { error: 'token-expired' };

function selectActorByTokenHash(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      familyId: sessions.familyId,
      expiresAt: sessions.accessExpiresAt,
      isSuperAdmin: users.isSuperAdmin,
      boundFirmId: sessions.boundFirmId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.accessTokenHash, sql.placeholder('hash')),
        isNull(sessions.revokedAt),
        isNull(sessions.replacedAt),
        gt(sessions.accessExpiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('actor_by_access_token');
}

/** Runs on every authenticated request: prepared once per database (no SQL building per call). */
const actorQueries = new WeakMap<Db, ReturnType<typeof selectActorByTokenHash>>();

/** Resolves a bearer token to its actor; an unknown, expired, rotated or revoked token fails. */
export async function actorFromAccessToken(db: Db, token: string): Promise<AccessCheck> {
  const actor = await actorFromTokenHash(db, hashToken(token));
  return actor ? { actor } : { error: 'token-expired' };
}

/** The actor of a live session whose access token hashes to `hash`, or null. */
export async function actorFromTokenHash(db: Db, hash: string): Promise<Actor | null> {
  let query = actorQueries.get(db);
  if (!query) {
    query = selectActorByTokenHash(db);
    actorQueries.set(db, query);
  }
  const [row] = await query.execute({ hash });
  return row ? unprivilegedWhenBound(row) : null;
}

/** A bound session never carries the platform's super admin powers: they are not the portal's. */
const unprivilegedWhenBound = (actor: Actor): Actor =>
  actor.boundFirmId === null ? actor : { ...actor, isSuperAdmin: false };

/**
 * The actor of a session family still signed in (not revoked, its refresh token not expired),
 * for what a signed-in person asked for and a plain link later carries out (ZIP links).
 */
export async function actorOfLiveFamily(db: Db, userId: number, familyId: string): Promise<Actor | null> {
  const [row] = await db
    .select({
      userId: sessions.userId,
      isSuperAdmin: users.isSuperAdmin,
      sessionId: sessions.id,
      familyId: sessions.familyId,
      expiresAt: sessions.refreshExpiresAt,
      boundFirmId: sessions.boundFirmId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.familyId, familyId),
        isNull(sessions.revokedAt),
        gt(sessions.refreshExpiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(sessions.id))
    .limit(1);
  return row ? unprivilegedWhenBound(row) : null;
}

/**
 * Rotates a refresh token. Reusing a rotated token revokes the whole family (it was stolen or
 * replayed), except within REFRESH_REUSE_GRACE_SECONDS of the rotation: two tabs refreshing with
 * the same token at once both get the pair the first one got. Returns null when the token is not
 * usable.
 */
export async function rotateRefreshToken(db: Db, refreshToken: string, meta: SessionMeta) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sessions)
      .where(eq(sessions.refreshTokenHash, hashToken(refreshToken)))
      .for('update')
      .limit(1);
    if (!row) return null;
    if (row.replacedAt && !row.revokedAt && row.replacementSealed) {
      const withinGrace = Date.now() - row.replacedAt.getTime() <= REFRESH_REUSE_GRACE_SECONDS * 1000;
      const tokens = withinGrace ? openReplacement(row.replacementSealed, refreshToken) : null;
      if (tokens) return { tokens, userId: row.userId };
    }
    if (row.replacedAt || row.revokedAt) {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(), replacementSealed: null })
        .where(eq(sessions.familyId, row.familyId));
      return { reused: true as const };
    }
    if (row.refreshExpiresAt.getTime() <= Date.now()) return null;
    // The new pair keeps the family's binding: a refresh never widens what a session reaches.
    const tokens = await openSession(tx, row.userId, meta, row.familyId, row.boundFirmId);
    await tx
      .update(sessions)
      .set({ replacedAt: new Date(), replacementSealed: sealReplacement(tokens, refreshToken) })
      .where(eq(sessions.id, row.id));
    // Earlier rotations of the family are past their grace: their sealed pairs are of no use.
    await tx
      .update(sessions)
      .set({ replacementSealed: null })
      .where(
        and(
          eq(sessions.familyId, row.familyId),
          isNotNull(sessions.replacementSealed),
          lt(sessions.replacedAt, new Date(Date.now() - REFRESH_REUSE_GRACE_SECONDS * 1000)),
        ),
      );
    return { tokens, userId: row.userId };
  });
}

/**
 * The key that seals the pair a refresh token was rotated into: derived from that refresh token,
 * which only its holder has (the database keeps its sha256, from which the key cannot be found).
 */
const replacementKey = (refreshToken: string) =>
  Buffer.from(hkdfSync('sha256', refreshToken, '', 'portal refresh-token grace v1', 32));

/** AES-256-GCM of the new pair: `iv.ciphertext.tag`, base64url. */
function sealReplacement(tokens: SessionTokens, refreshToken: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', replacementKey(refreshToken), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(tokens), 'utf8'), cipher.final()]);
  return [iv, sealed, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
}

function openReplacement(sealed: string, refreshToken: string): SessionTokens | null {
  try {
    const [iv, data, tag] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !data || !tag) return null;
    const decipher = createDecipheriv('aes-256-gcm', replacementKey(refreshToken), iv);
    decipher.setAuthTag(tag);
    const text = Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    return JSON.parse(text) as SessionTokens;
  } catch {
    return null;
  }
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

/** Ends every session of the user but one family (the one asking). */
export async function revokeOtherSessions(db: Db, userId: number, keepFamilyId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.familyId, keepFamilyId)));
}

export async function revokeAllSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
