import { and, eq, sql } from 'drizzle-orm';
import type { NotificationEventInput } from '../../app-context';
import type { Db } from '../../db/client';
import {
  notificationEvents,
  notificationPreferences,
  notificationScopeVendors,
  notificationSettings,
  notifications,
} from '../../db/schema';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Writes events in the caller's transaction; their ids. */
export async function insertEvents(tx: Db, events: NotificationEventInput[]): Promise<number[]> {
  if (events.length === 0) return [];
  const rows = await tx
    .insert(notificationEvents)
    .values(
      events.map((e) => ({
        accountingFirmId: e.accountingFirmId,
        vendorId: e.vendorId,
        kind: e.kind,
        subjectType: e.subject.type,
        subjectId: e.subject.id,
        subjectName: e.subject.name,
        actorUserId: e.actorUserId,
        actorSystem: e.system ?? null,
        internal: e.internal ?? false,
        memberIds: e.memberIds ?? [],
        payload: e.payload ?? {},
      })),
    )
    .returning({ id: notificationEvents.id });
  return rows.map((r) => r.id);
}

/**
 * Tells one event to its recipients in one statement, idempotent on (event, recipient): the firm
 * members who follow its client file by their scope (`assigned`: the files they are assigned
 * to; `all`: every file they may open; `chosen`: those of their list they may open), the
 * accepted client users of the file for a document, a task's members (client users only when
 * the task is not internal); never the person who acted; not when their preference turns the
 * kind's in-app item off.
 */
export async function fanOut(db: Db, eventId: number): Promise<number> {
  const result = await db.execute(sql`
    insert into notifications (accounting_firm_id, event_id, recipient_user_id, created_at)
    select e.accounting_firm_id, e.id, r.user_id, e.created_at
    from notification_events e
    cross join lateral (
      select m.user_id
      from accounting_firm_memberships m
      left join notification_settings s on s.user_id = m.user_id
      where e.vendor_id is not null
        and m.accounting_firm_id = e.accounting_firm_id
        and not m.pending
        and (
          (coalesce(s.scope, 'assigned') <> 'chosen' and exists (
            select 1 from vendor_assignments a
            where a.accounting_firm_id = e.accounting_firm_id and a.vendor_id = e.vendor_id
              and a.user_id = m.user_id))
          or (s.scope = 'all' and (m.role = 'admin' or m.all_vendors))
          or (s.scope = 'chosen'
            and exists (
              select 1 from notification_scope_vendors c
              where c.user_id = m.user_id and c.accounting_firm_id = e.accounting_firm_id
                and c.vendor_id = e.vendor_id)
            and (m.role = 'admin' or m.all_vendors or exists (
              select 1 from vendor_assignments a
              where a.accounting_firm_id = e.accounting_firm_id and a.vendor_id = e.vendor_id
                and a.user_id = m.user_id)))
        )
      union
      select v.user_id
      from vendor_memberships v
      where e.subject_type <> 'task'
        and v.accounting_firm_id = e.accounting_firm_id and v.vendor_id = e.vendor_id
        and not v.pending and (v.revoked_at is null or v.revoked_at > current_date)
      union
      select t.user_id
      from (select (jsonb_array_elements_text(e.member_ids))::int as user_id) t
      where exists (
          select 1 from accounting_firm_memberships m
          where m.accounting_firm_id = e.accounting_firm_id and m.user_id = t.user_id and not m.pending)
        or (not e.internal and exists (
          select 1 from vendor_memberships v
          where v.accounting_firm_id = e.accounting_firm_id and v.vendor_id = e.vendor_id
            and v.user_id = t.user_id and not v.pending
            and (v.revoked_at is null or v.revoked_at > current_date)))
    ) r
    where e.id = ${eventId}
      and r.user_id is distinct from e.actor_user_id
      and coalesce((
        select p.in_app from notification_preferences p
        where p.user_id = r.user_id and p.kind = e.kind), true)
    on conflict (event_id, recipient_user_id) do nothing
    returning id`);
  return rowsOf(result).length;
}

export type NotificationRow = {
  id: number;
  kind: string;
  accounting_firm_id: number;
  vendor_id: number | null;
  vendor_name: string | null;
  actor_id: number | null;
  actor_firstname: string | null;
  actor_lastname: string | null;
  actor_email: string | null;
  actor_system: string | null;
  subject_type: string;
  subject_id: number;
  subject_name: string;
  payload: Record<string, unknown>;
  created_at: string | Date;
  read_at: string | Date | null;
  total: number;
};

export type ListFilter = {
  userId: number;
  unread?: boolean;
  accountingFirmId?: number;
  kinds?: string[];
  limit: number;
  offset: number;
};

/** A page of a person's items, newest first, with the total. */
export async function listNotifications(db: Db, f: ListFilter): Promise<NotificationRow[]> {
  const where = [sql`n.recipient_user_id = ${f.userId}`];
  if (f.unread) where.push(sql`n.read_at is null`);
  if (f.accountingFirmId !== undefined) where.push(sql`n.accounting_firm_id = ${f.accountingFirmId}`);
  if (f.kinds)
    where.push(
      sql`e.kind in (${sql.join(
        f.kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
  const result = await db.execute(sql`
    select n.id, e.kind, n.accounting_firm_id, e.vendor_id, vd.company as vendor_name,
      e.actor_user_id as actor_id, u.firstname as actor_firstname, u.lastname as actor_lastname,
      u.email as actor_email, e.actor_system, e.subject_type, e.subject_id, e.subject_name,
      e.payload, n.created_at, n.read_at, (count(*) over ())::int as total
    from notifications n
    join notification_events e on e.id = n.event_id
    left join users u on u.id = e.actor_user_id
    left join vendors vd on vd.accounting_firm_id = e.accounting_firm_id and vd.id = e.vendor_id
    where ${sql.join(where, sql` and `)}
    order by n.id desc
    limit ${f.limit} offset ${f.offset}`);
  return rowsOf<NotificationRow>(result);
}

/** The person's unread count and their newest item's id and last read change (the ETag's parts). */
export async function unreadCount(
  db: Db,
  userId: number,
  accountingFirmId?: number,
): Promise<{ unread: number; max_id: number | null }> {
  const result = await db.execute(sql`
    select count(*)::int as unread, max(id)::bigint as max_id from notifications
    where recipient_user_id = ${userId} and read_at is null
      ${accountingFirmId !== undefined ? sql`and accounting_firm_id = ${accountingFirmId}` : sql``}`);
  const row = rowsOf<{ unread: number; max_id: string | number | null }>(result)[0]!;
  return { unread: Number(row.unread), max_id: row.max_id === null ? null : Number(row.max_id) };
}

/** One of the person's items (`firmId`: only in that portal, for a session bound to it). */
const mine = (userId: number, id: number, firmId: number | undefined) =>
  and(
    eq(notifications.id, id),
    eq(notifications.recipientUserId, userId),
    firmId === undefined ? undefined : eq(notifications.accountingFirmId, firmId),
  );

export async function markRead(db: Db, userId: number, id: number, firmId?: number): Promise<boolean> {
  const found = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(mine(userId, id, firmId))
    .returning({ id: notifications.id });
  return found.length > 0;
}

export async function markAllRead(
  db: Db,
  userId: number,
  filter: { accountingFirmId?: number; beforeId?: number },
): Promise<number> {
  const result = await db.execute(sql`
    update notifications set read_at = now()
    where recipient_user_id = ${userId} and read_at is null
      ${filter.accountingFirmId !== undefined ? sql`and accounting_firm_id = ${filter.accountingFirmId}` : sql``}
      ${filter.beforeId !== undefined ? sql`and id <= ${filter.beforeId}` : sql``}
    returning id`);
  return rowsOf(result).length;
}

export async function deleteNotification(
  db: Db,
  userId: number,
  id: number,
  firmId?: number,
): Promise<boolean> {
  const found = await db
    .delete(notifications)
    .where(mine(userId, id, firmId))
    .returning({ id: notifications.id });
  return found.length > 0;
}

// Preferences ------------------------------------------------------------------------------------

export async function preferencesOf(db: Db, userId: number) {
  const kinds = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const [settings] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const vendors = await db
    .select({ vendorId: notificationScopeVendors.vendorId })
    .from(notificationScopeVendors)
    .where(eq(notificationScopeVendors.userId, userId))
    .orderBy(notificationScopeVendors.vendorId);
  return { kinds, settings: settings ?? null, vendorIds: vendors.map((v) => v.vendorId) };
}

export async function upsertKinds(
  tx: Db,
  userId: number,
  kinds: { kind: string; in_app: boolean; mail: 'instantly' | 'daily' | 'weekly' | 'never' }[],
): Promise<void> {
  if (kinds.length === 0) return;
  await tx
    .insert(notificationPreferences)
    .values(kinds.map((k) => ({ userId, kind: k.kind, inApp: k.in_app, mail: k.mail })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { inApp: sql`excluded.in_app`, mail: sql`excluded.mail` },
    });
}

export async function upsertSettings(
  tx: Db,
  userId: number,
  settings: { scope: 'assigned' | 'all' | 'chosen'; digestHour: number; timeZone: string },
): Promise<void> {
  await tx
    .insert(notificationSettings)
    .values({ userId, ...settings })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: settings });
}

export async function setScopeVendors(
  tx: Db,
  userId: number,
  vendors: { accountingFirmId: number; vendorId: number }[],
): Promise<void> {
  await tx.delete(notificationScopeVendors).where(eq(notificationScopeVendors.userId, userId));
  if (vendors.length)
    await tx.insert(notificationScopeVendors).values(vendors.map((v) => ({ userId, ...v })));
}

/** Forgets every choice of a person (the defaults again). */
export async function resetPreferences(tx: Db, userId: number): Promise<void> {
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  await tx.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
  await tx.delete(notificationScopeVendors).where(eq(notificationScopeVendors.userId, userId));
}

/**
 * Which of these client files the person may follow: those of firms they are an accepted member
 * of (assigned, or every file when administrator or `all_vendors`), and those they are an
 * accepted client user of; with each one's firm.
 */
export async function followableVendors(
  db: Db,
  userId: number,
  vendorIds: number[],
): Promise<{ accountingFirmId: number; vendorId: number }[]> {
  if (vendorIds.length === 0) return [];
  const ids = sql`${`{${vendorIds.map((i) => Math.trunc(i)).join(',')}}`}::int[]`;
  const result = await db.execute(sql`
    select vd.accounting_firm_id as "accountingFirmId", vd.id as "vendorId"
    from vendors vd
    where vd.id = any(${ids}) and (
      exists (select 1 from accounting_firm_memberships m
        where m.accounting_firm_id = vd.accounting_firm_id and m.user_id = ${userId} and not m.pending
          and (m.role = 'admin' or m.all_vendors or exists (
            select 1 from vendor_assignments a where a.accounting_firm_id = vd.accounting_firm_id
              and a.vendor_id = vd.id and a.user_id = ${userId})))
      or exists (select 1 from vendor_memberships v where v.accounting_firm_id = vd.accounting_firm_id
        and v.vendor_id = vd.id and v.user_id = ${userId} and not v.pending))`);
  return rowsOf<{ accountingFirmId: number; vendorId: number }>(result);
}

/** Whether the person is a client user only (no firm membership): their default mails differ. */
export async function isClientOnly(db: Db, userId: number): Promise<boolean> {
  const result = await db.execute(sql`
    select not exists (select 1 from accounting_firm_memberships where user_id = ${userId})
      and exists (select 1 from vendor_memberships where user_id = ${userId}) as client`);
  return Boolean(rowsOf<{ client: boolean }>(result)[0]?.client);
}

/** Whether the person belongs to the firm (an accepted member, or a client user of one of its files). */
export async function belongsToFirm(db: Db, userId: number, accountingFirmId: number): Promise<boolean> {
  const result = await db.execute(sql`
    select exists (select 1 from accounting_firm_memberships
        where accounting_firm_id = ${accountingFirmId} and user_id = ${userId} and not pending)
      or exists (select 1 from vendor_memberships
        where accounting_firm_id = ${accountingFirmId} and user_id = ${userId} and not pending) as member`);
  return Boolean(rowsOf<{ member: boolean }>(result)[0]?.member);
}
