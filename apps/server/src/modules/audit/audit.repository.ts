import { and, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditEvents, auditExportLinks, auditSettings } from '../../db/schema';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type AuditInsert = typeof auditEvents.$inferInsert;

/** Appends rows (the insert trigger chains them per firm). */
export async function insertEvents(db: Db, rows: AuditInsert[]): Promise<void> {
  if (rows.length > 0) await db.insert(auditEvents).values(rows);
}

/** The conditions of a list or an export, already checked by the service. */
export type EventQuery = {
  accountingFirmId: number;
  vendorId?: number;
  /** Only these client files (an assigned collaborator's); absent: any. */
  vendorIds?: number[];
  actorId?: number;
  actions?: string[];
  family?: string;
  subjectType?: string;
  subjectId?: string;
  from?: Date;
  to?: Date;
  ip?: string;
  /** Rows older than this id (the keyset cursor). */
  beforeId?: number;
  limit: number;
};

export type EventRow = {
  id: number;
  occurred_at: string;
  accounting_firm_id: number;
  vendor_id: number | null;
  vendor_name: string | null;
  actor_user_id: number | null;
  actor_firstname: string | null;
  actor_lastname: string | null;
  actor_email: string | null;
  actor_kind: 'user' | 'system' | 'share_link' | 'webdav';
  impersonator_user_id: number | null;
  impersonator_firstname: string | null;
  impersonator_lastname: string | null;
  impersonator_email: string | null;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  subject_name: string | null;
  ip: string | null;
  user_agent: string | null;
  details: Record<string, unknown>;
};

function conditions(q: EventQuery): SQL {
  const parts: SQL[] = [sql`e.accounting_firm_id = ${q.accountingFirmId}`];
  if (q.vendorId !== undefined) parts.push(sql`e.vendor_id = ${q.vendorId}`);
  if (q.vendorIds !== undefined) {
    parts.push(
      q.vendorIds.length === 0
        ? sql`false`
        : sql`e.vendor_id IN (${sql.join(
            q.vendorIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
  }
  if (q.actorId !== undefined) parts.push(sql`e.actor_user_id = ${q.actorId}`);
  if (q.actions?.length)
    parts.push(
      sql`e.action IN (${sql.join(
        q.actions.map((a) => sql`${a}`),
        sql`, `,
      )})`,
    );
  if (q.family !== undefined) parts.push(sql`e.action LIKE ${`${q.family}.%`}`);
  if (q.subjectType !== undefined) parts.push(sql`e.subject_type = ${q.subjectType}`);
  if (q.subjectId !== undefined) parts.push(sql`e.subject_id = ${q.subjectId}`);
  if (q.from !== undefined) parts.push(sql`e.occurred_at >= ${q.from.toISOString()}::timestamptz`);
  if (q.to !== undefined) parts.push(sql`e.occurred_at <= ${q.to.toISOString()}::timestamptz`);
  if (q.ip !== undefined) parts.push(sql`e.ip = ${q.ip}::inet`);
  if (q.beforeId !== undefined) parts.push(sql`e.id < ${q.beforeId}`);
  return sql.join(parts, sql` AND `);
}

/** A page of rows, newest first (by id: the chain's order), with the people and client file named. */
export async function listEvents(db: Db, q: EventQuery): Promise<EventRow[]> {
  const result = await db.execute(sql`
    SELECT e.id::float8 AS id,
      to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS occurred_at,
      e.accounting_firm_id, e.vendor_id, v.company AS vendor_name,
      e.actor_user_id, a.firstname AS actor_firstname, a.lastname AS actor_lastname, a.email AS actor_email,
      e.actor_kind, e.impersonator_user_id, i.firstname AS impersonator_firstname,
      i.lastname AS impersonator_lastname, i.email AS impersonator_email,
      e.action, e.subject_type, e.subject_id, e.subject_name, host(e.ip) AS ip, e.user_agent, e.details
    FROM audit_events e
    LEFT JOIN vendors v ON v.id = e.vendor_id AND v.accounting_firm_id = e.accounting_firm_id
    LEFT JOIN users a ON a.id = e.actor_user_id
    LEFT JOIN users i ON i.id = e.impersonator_user_id
    WHERE ${conditions(q)}
    ORDER BY e.id DESC
    LIMIT ${q.limit}`);
  return rowsOf<EventRow>(result);
}

/**
 * Recomputes the firm's chain in id order: each row's hash from its content and its link to the
 * row before (the oldest row kept is trusted as the anchor: the purge removes its predecessors).
 */
export async function verifyChain(
  db: Db,
  accountingFirmId: number,
): Promise<{ checked: number; firstBrokenId: number | null }> {
  const result = await db.execute(sql`
    WITH chain AS (
      SELECT e.id, e.hash, e.prev_hash, audit_event_hash(e, e.prev_hash) AS expected,
        lag(e.hash) OVER (ORDER BY e.id) AS before, row_number() OVER (ORDER BY e.id) AS n
      FROM audit_events e WHERE e.accounting_firm_id = ${accountingFirmId}
    )
    SELECT (SELECT count(*) FROM chain)::int AS checked,
      (SELECT min(id) FROM chain
        WHERE hash IS DISTINCT FROM expected OR (n > 1 AND prev_hash IS DISTINCT FROM before))::float8
        AS first_broken_id`);
  const [row] = rowsOf<{ checked: number; first_broken_id: number | null }>(result);
  return { checked: row?.checked ?? 0, firstBrokenId: row?.first_broken_id ?? null };
}

export async function retentionDays(db: Db, accountingFirmId: number): Promise<number | null> {
  const [row] = await db
    .select({ days: auditSettings.retentionDays })
    .from(auditSettings)
    .where(eq(auditSettings.accountingFirmId, accountingFirmId));
  return row?.days ?? null;
}

export async function setRetentionDays(db: Db, accountingFirmId: number, days: number): Promise<void> {
  await db
    .insert(auditSettings)
    .values({ accountingFirmId, retentionDays: days })
    .onConflictDoUpdate({
      target: auditSettings.accountingFirmId,
      set: { retentionDays: days, updatedAt: new Date() },
    });
}

/** The retention purge (the one function the append-only trigger lets delete); rows deleted. */
export async function purge(db: Db, defaultDays: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT audit_purge(${defaultDays}::int)::int AS n`),
  );
  return row?.n ?? 0;
}

export type ExportLinkRow = typeof auditExportLinks.$inferSelect;

/** Stores a link (and drops the expired ones, so the table stays small). */
export async function insertLink(db: Db, row: typeof auditExportLinks.$inferInsert): Promise<void> {
  await db.delete(auditExportLinks).where(lt(auditExportLinks.expiresAt, new Date()));
  await db.insert(auditExportLinks).values(row);
}

/** Takes a live link, once. */
export async function takeLink(db: Db, tokenHash: string): Promise<ExportLinkRow | null> {
  const [row] = await db
    .delete(auditExportLinks)
    .where(and(eq(auditExportLinks.tokenHash, tokenHash), gt(auditExportLinks.expiresAt, new Date())))
    .returning();
  return row ?? null;
}

/** Whether the client file is the portal's (a filter naming another is refused). */
export async function vendorOfFirm(db: Db, accountingFirmId: number, vendorId: number): Promise<boolean> {
  const result = await db.execute(
    sql`SELECT 1 FROM vendors WHERE id = ${vendorId} AND accounting_firm_id = ${accountingFirmId}`,
  );
  return rowsOf(result).length > 0;
}

/** Whether the person is a member of the portal or named by its log (a filter naming another is refused). */
export async function actorInLog(db: Db, accountingFirmId: number, userId: number): Promise<boolean> {
  const result = await db.execute(
    sql`SELECT 1 WHERE EXISTS (SELECT 1 FROM accounting_firm_memberships
          WHERE accounting_firm_id = ${accountingFirmId} AND user_id = ${userId})
        OR EXISTS (SELECT 1 FROM audit_events
          WHERE accounting_firm_id = ${accountingFirmId} AND actor_user_id = ${userId})`,
  );
  return rowsOf(result).length > 0;
}
