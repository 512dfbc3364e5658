import { and, asc, count, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountingFirmMemberships,
  accountingFirms,
  holdingMemberships,
  holdings,
  vendors,
} from '../../db/schema';
import { escapeLike } from '../../platform/db-like';
import { pageOffset } from '../../platform/http/pagination';

/** The holding area's reads: every query names the holding, so nothing of another one is met. */

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

/** The holdings a person administers, or where they are group admin of an active portal. */
export async function holdingsOf(db: Db, userId: number) {
  return rowsOf<{ id: number; name: string; holding_admin: boolean }>(
    await db.execute(sql`
      SELECT h.id, h.name, bool_or(hm.user_id IS NOT NULL) AS holding_admin
      FROM ${holdings} h
      LEFT JOIN ${holdingMemberships} hm ON hm.holding_id = h.id AND hm.user_id = ${userId}
      WHERE hm.user_id IS NOT NULL OR EXISTS (
        SELECT 1 FROM ${accountingFirmMemberships} m JOIN ${accountingFirms} f ON f.id = m.accounting_firm_id
        WHERE m.user_id = ${userId} AND m.is_group_admin AND NOT m.pending
          AND f.holding_id = h.id AND f.deactivated_at IS NULL)
      GROUP BY h.id, h.name
      ORDER BY h.name, h.id`),
  );
}

/** The portal, when it belongs to the holding. */
export async function firmOfHolding(db: Db, holdingId: number, firmId: number) {
  const [row] = await db
    .select({
      id: accountingFirms.id,
      name: accountingFirms.name,
      deactivatedAt: accountingFirms.deactivatedAt,
    })
    .from(accountingFirms)
    .where(and(eq(accountingFirms.id, firmId), eq(accountingFirms.holdingId, holdingId)));
  return row;
}

/** Whether the person is a member (even invited) of a portal of the holding, or administers it. */
export async function isPersonOfHolding(db: Db, holdingId: number, userId: number): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      SELECT 1 FROM ${holdingMemberships} WHERE holding_id = ${holdingId} AND user_id = ${userId}
      UNION ALL
      SELECT 1 FROM ${accountingFirmMemberships} m JOIN ${accountingFirms} f ON f.id = m.accounting_firm_id
      WHERE f.holding_id = ${holdingId} AND m.user_id = ${userId}
      LIMIT 1`),
  );
  return rows.length > 0;
}

type Counts = Record<string, number | string | boolean | null>;
const n = (v: unknown) => Number(v ?? 0);

/**
 * The dashboard's figures, one aggregate statement per family (portals and client files, people,
 * documents, tasks, sign-ins), each grouped by portal.
 */
export async function dashboardRows(db: Db, holdingId: number) {
  const firms = sql`(SELECT id FROM ${accountingFirms} WHERE holding_id = ${holdingId})`;
  const [workspaces, people, documents, tasks, signIns] = await Promise.all([
    db.execute(sql`
      SELECT f.id, f.name, f.deactivated_at IS NOT NULL AS deactivated,
        count(v.id) FILTER (WHERE v.status = 'active') AS vendors_active,
        count(v.id) FILTER (WHERE v.status <> 'active') AS vendors_deactivated
      FROM ${accountingFirms} f LEFT JOIN ${vendors} v ON v.accounting_firm_id = f.id
      WHERE f.holding_id = ${holdingId}
      GROUP BY f.id, f.name, f.deactivated_at ORDER BY f.name, f.id`),
    db.execute(sql`
      SELECT f.id,
        (SELECT count(*) FROM accounting_firm_memberships m WHERE m.accounting_firm_id = f.id AND NOT m.pending) AS members,
        (SELECT count(DISTINCT vm.user_id) FROM vendor_memberships vm WHERE vm.accounting_firm_id = f.id AND NOT vm.pending) AS client_users
      FROM ${accountingFirms} f WHERE f.holding_id = ${holdingId}`),
    db.execute(sql`
      SELECT d.accounting_firm_id AS id, count(*) AS count, coalesce(sum(dv.size), 0) AS bytes,
        count(*) FILTER (WHERE d.created_at > now() - interval '30 days') AS added
      FROM documents d LEFT JOIN document_versions dv
        ON dv.accounting_firm_id = d.accounting_firm_id AND dv.id = d.current_version_id
      WHERE d.accounting_firm_id IN ${firms} AND d.deleted_at IS NULL
      GROUP BY d.accounting_firm_id`),
    db.execute(sql`
      SELECT t.accounting_firm_id AS id,
        count(*) FILTER (WHERE t.status <> 'done') AS open,
        count(*) FILTER (WHERE t.status <> 'done' AND t.due_date < current_date) AS overdue,
        count(*) FILTER (WHERE t.status <> 'done' AND t.type = 'information_request') AS requests
      FROM tasks t WHERE t.accounting_firm_id IN ${firms} AND t.parent_id IS NULL
      GROUP BY t.accounting_firm_id`),
    db.execute(sql`
      SELECT count(DISTINCT s.family_id) AS n FROM sessions s
      WHERE s.created_at > now() - interval '30 days' AND s.user_id IN (
        SELECT m.user_id FROM accounting_firm_memberships m WHERE m.accounting_firm_id IN ${firms}
        UNION SELECT vm.user_id FROM vendor_memberships vm WHERE vm.accounting_firm_id IN ${firms})`),
  ]);
  const byId = (result: unknown) => new Map(rowsOf<Counts>(result).map((r) => [n(r.id), r]));
  const peopleBy = byId(people);
  const documentsBy = byId(documents);
  const tasksBy = byId(tasks);
  return {
    workspaces: rowsOf<Counts>(workspaces).map((w) => {
      const id = n(w.id);
      const p = peopleBy.get(id);
      const d = documentsBy.get(id);
      const t = tasksBy.get(id);
      return {
        id,
        name: String(w.name),
        deactivated: w.deactivated === true,
        vendorsActive: n(w.vendors_active),
        vendorsDeactivated: n(w.vendors_deactivated),
        members: n(p?.members),
        clientUsers: n(p?.client_users),
        documents: n(d?.count),
        bytes: n(d?.bytes),
        documentsAdded: n(d?.added),
        tasksOpen: n(t?.open),
        tasksOverdue: n(t?.overdue),
        requestsWaiting: n(t?.requests),
      };
    }),
    signIns: n(rowsOf<Counts>(signIns)[0]?.n),
    /** People counted once across portals. */
    distinct: rowsOf<Counts>(
      await db.execute(sql`
        SELECT
          (SELECT count(DISTINCT m.user_id) FROM accounting_firm_memberships m
            WHERE m.accounting_firm_id IN ${firms} AND NOT m.pending) AS members,
          (SELECT count(DISTINCT vm.user_id) FROM vendor_memberships vm
            WHERE vm.accounting_firm_id IN ${firms} AND NOT vm.pending) AS client_users`),
    ).map((r) => ({ members: n(r.members), clientUsers: n(r.client_users) }))[0] ?? {
      members: 0,
      clientUsers: 0,
    },
  };
}

export type WorkspaceFilter = { search?: string; includeDeactivated?: boolean };

function workspaceWhere(holdingId: number, { search, includeDeactivated }: WorkspaceFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(accountingFirms.holdingId, holdingId)];
  if (!includeDeactivated) conditions.push(isNull(accountingFirms.deactivatedAt));
  if (search?.trim()) {
    const like = `%${escapeLike(search.trim())}%`;
    conditions.push(or(ilike(accountingFirms.name, like), ilike(accountingFirms.domain, like)));
  }
  return and(...conditions);
}

/** One page of the holding's portals, by name, with their counts. */
export async function workspacesPage(
  db: Db,
  holdingId: number,
  filter: WorkspaceFilter,
  page: number,
  perPage: number,
) {
  const where = workspaceWhere(holdingId, filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: accountingFirms.id,
        name: accountingFirms.name,
        domain: accountingFirms.domain,
        deactivatedAt: accountingFirms.deactivatedAt,
        memberCount: sql<number>`(select count(*)::int from ${accountingFirmMemberships} m where m.accounting_firm_id = ${accountingFirms.id} and not m.pending)`,
        vendorCount: sql<number>`(select count(*)::int from ${vendors} v where v.accounting_firm_id = ${accountingFirms.id})`,
      })
      .from(accountingFirms)
      .where(where)
      .orderBy(asc(accountingFirms.name), asc(accountingFirms.id))
      .limit(perPage)
      .offset(pageOffset({ page, per_page: perPage })),
    db.select({ n: count() }).from(accountingFirms).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export type VendorFilter = { search?: string; firmId?: number; includeDeactivated?: boolean };

/** One page of the client files of the holding's portals, by name, with their portal. */
export async function vendorsPage(
  db: Db,
  holdingId: number,
  filter: VendorFilter,
  page: number,
  perPage: number,
) {
  const conditions: SQL[] = [sql`f.holding_id = ${holdingId}`];
  if (filter.firmId !== undefined) conditions.push(sql`v.accounting_firm_id = ${filter.firmId}`);
  if (!filter.includeDeactivated) conditions.push(sql`v.status = 'active'`);
  if (filter.search?.trim()) {
    const like = `%${escapeLike(filter.search.trim())}%`;
    conditions.push(
      sql`(v.company ILIKE ${like} OR v.client_code ILIKE ${like} OR v.siret ILIKE ${like} OR v.siren ILIKE ${like})`,
    );
  }
  const where = sql.join(conditions, sql` AND `);
  const [rows, total] = await Promise.all([
    db.execute(sql`
      SELECT v.id, v.company, v.client_code, v.siret, v.accounting_firm_id, f.name AS firm_name,
        v.deactivated_at,
        (SELECT count(*) FROM vendor_memberships vm WHERE vm.accounting_firm_id = v.accounting_firm_id AND vm.vendor_id = v.id) AS users,
        (SELECT count(*) FROM documents d WHERE d.accounting_firm_id = v.accounting_firm_id AND d.vendor_id = v.id AND d.deleted_at IS NULL) AS documents
      FROM ${vendors} v JOIN ${accountingFirms} f ON f.id = v.accounting_firm_id
      WHERE ${where}
      ORDER BY lower(v.company), v.id
      LIMIT ${perPage} OFFSET ${pageOffset({ page, per_page: perPage })}`),
    db.execute(sql`
      SELECT count(*) AS n FROM ${vendors} v JOIN ${accountingFirms} f ON f.id = v.accounting_firm_id
      WHERE ${where}`),
  ]);
  return {
    rows: rowsOf<Counts>(rows).map((r) => ({
      id: n(r.id),
      company: String(r.company),
      clientCode: String(r.client_code),
      siret: (r.siret as string | null) ?? null,
      firmId: n(r.accounting_firm_id),
      firmName: String(r.firm_name),
      deactivatedAt: r.deactivated_at === null ? null : new Date(r.deactivated_at as string),
      users: n(r.users),
      documents: n(r.documents),
    })),
    total: n(rowsOf<Counts>(total)[0]?.n),
  };
}

export type PeopleFilter = { search?: string; firmId?: number; userId?: number };

/** The people of the holding (members of its portals, its administrators), with their accesses. */
export async function peopleOfHolding(db: Db, holdingId: number, filter: PeopleFilter) {
  const conditions: SQL[] = [];
  if (filter.userId !== undefined) conditions.push(sql`u.id = ${filter.userId}`);
  if (filter.firmId !== undefined) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM accounting_firm_memberships x WHERE x.user_id = u.id AND x.accounting_firm_id = ${filter.firmId})`,
    );
  }
  if (filter.search?.trim()) {
    const like = `%${escapeLike(filter.search.trim())}%`;
    conditions.push(sql`(u.email ILIKE ${like} OR u.firstname ILIKE ${like} OR u.lastname ILIKE ${like})`);
  }
  const extra = conditions.length ? sql`AND ${sql.join(conditions, sql` AND `)}` : sql``;
  const result = await db.execute(sql`
    WITH people AS (
      SELECT hm.user_id FROM holding_memberships hm WHERE hm.holding_id = ${holdingId}
      UNION
      SELECT m.user_id FROM accounting_firm_memberships m JOIN accounting_firms f ON f.id = m.accounting_firm_id
      WHERE f.holding_id = ${holdingId}
    )
    SELECT u.id, u.email, u.firstname, u.lastname,
      EXISTS (SELECT 1 FROM holding_memberships hm WHERE hm.holding_id = ${holdingId} AND hm.user_id = u.id) AS holding_admin,
      coalesce((
        SELECT json_agg(json_build_object(
          'accounting_firm_id', f.id, 'name', f.name, 'role', m.role, 'read_only', m.read_only,
          'all_vendors', m.all_vendors, 'is_group_admin', m.is_group_admin, 'pending', m.pending
        ) ORDER BY f.name, f.id)
        FROM accounting_firm_memberships m JOIN accounting_firms f ON f.id = m.accounting_firm_id
        WHERE m.user_id = u.id AND f.holding_id = ${holdingId}
      ), '[]'::json) AS workspaces
    FROM users u JOIN people p ON p.user_id = u.id
    WHERE true ${extra}
    ORDER BY lower(coalesce(u.lastname, '')), lower(coalesce(u.firstname, '')), u.id
    LIMIT 1000`);
  return rowsOf<{
    id: number;
    email: string;
    firstname: string | null;
    lastname: string | null;
    holding_admin: boolean;
    workspaces: unknown;
  }>(result).map((r) => ({
    ...r,
    id: n(r.id),
    workspaces: (typeof r.workspaces === 'string' ? JSON.parse(r.workspaces) : r.workspaces) as {
      accounting_firm_id: number;
      name: string;
      role: 'admin' | 'collaborator';
      read_only: boolean;
      all_vendors: boolean;
      is_group_admin: boolean;
      pending: boolean;
    }[],
  }));
}

/** Grants or withdraws the holding-admin access (true when something changed). */
export async function setHoldingAdmin(tx: Db, holdingId: number, userId: number, on: boolean): Promise<void> {
  if (on) {
    await tx.insert(holdingMemberships).values({ holdingId, userId }).onConflictDoNothing();
  } else {
    await tx
      .delete(holdingMemberships)
      .where(and(eq(holdingMemberships.holdingId, holdingId), eq(holdingMemberships.userId, userId)));
  }
}

/** Whether the holding exists (a super admin's or a group admin's view of it). */
export async function holdingName(db: Db, holdingId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: holdings.name }).from(holdings).where(eq(holdings.id, holdingId));
  return row?.name;
}

/** One portal of the holding with its counts (undefined when it is not the holding's). */
export async function workspaceOfHolding(db: Db, holdingId: number, firmId: number) {
  const [row] = await db
    .select({
      id: accountingFirms.id,
      name: accountingFirms.name,
      domain: accountingFirms.domain,
      welcomeMessage: accountingFirms.welcomeMessage,
      deactivatedAt: accountingFirms.deactivatedAt,
      memberCount: sql<number>`(select count(*)::int from ${accountingFirmMemberships} m where m.accounting_firm_id = ${accountingFirms.id} and not m.pending)`,
      vendorCount: sql<number>`(select count(*)::int from ${vendors} v where v.accounting_firm_id = ${accountingFirms.id})`,
    })
    .from(accountingFirms)
    .where(and(eq(accountingFirms.id, firmId), eq(accountingFirms.holdingId, holdingId)));
  return row;
}

/** Changes a portal of the holding (the holding named in the statement); whether it was one. */
export async function updateWorkspace(
  tx: Db,
  holdingId: number,
  firmId: number,
  values: Partial<
    Pick<typeof accountingFirms.$inferInsert, 'name' | 'domain' | 'welcomeMessage' | 'deactivatedAt'>
  >,
): Promise<boolean> {
  const rows = await tx
    .update(accountingFirms)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(accountingFirms.id, firmId), eq(accountingFirms.holdingId, holdingId)))
    .returning({ id: accountingFirms.id });
  return rows.length > 0;
}
