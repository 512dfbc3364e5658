import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { preparedPerDatabase } from '../../platform/db-prepared';

/**
 * The person's live sessions, one row per family (its current token pair): where it was used
 * from, when the family began and when it last renewed.
 */
const liveSessionsQuery = preparedPerDatabase((db) =>
  db
    .select({
      id: sessions.id,
      familyId: sessions.familyId,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      lastSeenAt: sessions.createdAt,
      // Spelled out: in a single-table select Drizzle writes a column without its table, and
      // `family_id` alone would name the sub-query's own row (every session of the person).
      firstSeenAt: sql<Date>`(select min(f.created_at) from ${sessions} f
          where f.family_id = "sessions"."family_id")`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        isNull(sessions.replacedAt),
        sql`${sessions.refreshExpiresAt} > now()`,
      ),
    )
    .orderBy(sql`${sessions.createdAt} desc`, sql`${sessions.id} desc`)
    .prepare('live_sessions_of_user'),
);

export async function liveSessions(db: Db, userId: number) {
  return liveSessionsQuery(db).execute({ userId });
}

/** The family of one of the person's sessions (any row of it, ended or not), or undefined. */
export async function familyOf(db: Db, userId: number, sessionId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .limit(1);
  return row?.familyId;
}
