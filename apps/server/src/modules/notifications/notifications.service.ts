import {
  DEFAULT_DIGEST_HOUR,
  DEFAULT_TIME_ZONE,
  encodeContext,
  isMandatoryKind,
  isNotificationKind,
  kindsOfFamily,
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationFamily,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesRequest,
  type NotificationsQuery,
  toHexId,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import { AppError, fieldError } from '../../platform/errors/app-error';
import * as repo from './notifications.repository';

const iso = (v: string | Date | null): string | null =>
  v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString();

/** Where an item leads in the web app: a document's viewer, a task's drawer, a folder's page. */
function linkOf(row: repo.NotificationRow): string | null {
  if (row.kind.endsWith('.deleted')) return null;
  const context = encodeContext(row.accounting_firm_id, row.vendor_id);
  const folderId = Number(row.payload.folder_id);
  if (row.subject_type === 'document' && folderId > 0)
    return `/viewer/${context}/${toHexId(folderId)}/${toHexId(row.subject_id)}`;
  if (row.subject_type === 'folder') return `/documents/${context}/${toHexId(row.subject_id)}`;
  if (row.subject_type === 'task') return `/tasks/${context}?task=${row.subject_id}`;
  return null;
}

function toDto(row: repo.NotificationRow): Notification {
  const kind = row.kind as NotificationKind;
  const fullname = [row.actor_firstname, row.actor_lastname].filter(Boolean).join(' ') || row.actor_email;
  return {
    id: Number(row.id),
    kind,
    family: NOTIFICATION_KINDS[kind].family,
    accounting_firm_id: row.accounting_firm_id,
    vendor_id: row.vendor_id,
    vendor_name: row.vendor_name,
    actor: row.actor_id === null ? null : { id: row.actor_id, fullname: fullname ?? '' },
    subject: {
      type: row.subject_type as Notification['subject']['type'],
      id: row.subject_id,
      name: row.subject_name,
    },
    link: linkOf(row),
    created_at: iso(row.created_at)!,
    read_at: iso(row.read_at),
  };
}

/**
 * The portal the caller reads: the one asked for, which must be one of theirs (another answers
 * like one that does not exist); a session bound to one portal (its identity provider's) sees
 * that portal's items only, whatever it asks.
 */
async function portalOf(ctx: AppContext, actor: Actor, accountingFirmId: number | undefined) {
  const bound = actor.boundFirmId ?? undefined;
  const mismatch = bound !== undefined && accountingFirmId !== undefined && accountingFirmId !== bound;
  if (
    mismatch ||
    (accountingFirmId !== undefined && !(await repo.belongsToFirm(ctx.db, actor.userId, accountingFirmId)))
  )
    throw fieldError('validation-failed', 'accounting_firm_id', 'not-your-workspace');
  return accountingFirmId ?? bound;
}

export async function listMine(ctx: AppContext, actor: Actor, query: NotificationsQuery) {
  const accountingFirmId = await portalOf(ctx, actor, query.accounting_firm_id);
  const rows = await repo.listNotifications(ctx.db, {
    userId: actor.userId,
    unread: query.unread,
    accountingFirmId,
    kinds: query.family ? kindsOfFamily(query.family as NotificationFamily) : undefined,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const total = rows[0]?.total ?? 0;
  return {
    data: rows.filter((r) => isNotificationKind(r.kind)).map(toDto),
    current_page: query.page,
    per_page: query.per_page,
    total,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
  };
}

/** The unread count and its ETag (it changes with the count and the newest item). */
export async function unreadOf(ctx: AppContext, actor: Actor, accountingFirmId?: number) {
  const portal = await portalOf(ctx, actor, accountingFirmId);
  const { unread, max_id } = await repo.unreadCount(ctx.db, actor.userId, portal);
  return { unread, etag: `W/"${unread}-${max_id ?? 0}"` };
}

export async function markRead(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const bound = actor.boundFirmId ?? undefined;
  if (!(await repo.markRead(ctx.db, actor.userId, id, bound))) throw new AppError('not-found');
}

export async function markAllRead(
  ctx: AppContext,
  actor: Actor,
  body: { accounting_firm_id?: number; before_id?: number },
) {
  const accountingFirmId = await portalOf(ctx, actor, body.accounting_firm_id);
  return {
    marked: await repo.markAllRead(ctx.db, actor.userId, {
      accountingFirmId,
      beforeId: body.before_id,
    }),
  };
}

export async function remove(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  const bound = actor.boundFirmId ?? undefined;
  if (!(await repo.deleteNotification(ctx.db, actor.userId, id, bound))) throw new AppError('not-found');
}

// Preferences ------------------------------------------------------------------------------------

export async function preferences(ctx: AppContext, actor: Actor): Promise<NotificationPreferences> {
  const stored = await repo.preferencesOf(ctx.db, actor.userId);
  const audience = (await repo.isClientOnly(ctx.db, actor.userId)) ? 'client' : 'firm';
  const chosen = new Map(stored.kinds.map((k) => [k.kind, k]));
  return {
    kinds: NOTIFICATION_KIND_NAMES.map((kind) => {
      const def = NOTIFICATION_KINDS[kind];
      const mine = chosen.get(kind);
      const mandatory = isMandatoryKind(kind);
      return {
        kind,
        family: def.family,
        in_app: mandatory || (mine?.inApp ?? true),
        mail: mine?.mail ?? def.mail[audience],
        mandatory,
      };
    }),
    scope: stored.settings?.scope ?? 'assigned',
    vendor_ids: stored.vendorIds,
    digest_hour: stored.settings?.digestHour ?? DEFAULT_DIGEST_HOUR,
    time_zone: stored.settings?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

export async function setPreferences(
  ctx: AppContext,
  actor: Actor,
  body: NotificationPreferencesRequest,
): Promise<NotificationPreferences> {
  const kinds = body.kinds ?? [];
  if (new Set(kinds.map((k) => k.kind)).size !== kinds.length)
    throw fieldError('validation-failed', 'kinds', 'duplicate-param');
  let scopeVendors: { accountingFirmId: number; vendorId: number }[] | null = null;
  if (body.vendor_ids !== undefined) {
    const unique = [...new Set(body.vendor_ids)];
    scopeVendors = await repo.followableVendors(ctx.db, actor.userId, unique);
    if (scopeVendors.length !== unique.length)
      throw fieldError('validation-failed', 'vendor_ids', 'invalid-value');
  }
  const current = body.reset ? null : await preferences(ctx, actor);
  await ctx.db.transaction(async (tx) => {
    if (body.reset) await repo.resetPreferences(tx, actor.userId);
    await repo.upsertKinds(
      tx,
      actor.userId,
      kinds.map((k) => ({ kind: k.kind, in_app: k.in_app, mail: k.mail })),
    );
    if (body.scope !== undefined || body.digest_hour !== undefined || body.time_zone !== undefined)
      await repo.upsertSettings(tx, actor.userId, {
        scope: body.scope ?? current?.scope ?? 'assigned',
        digestHour: body.digest_hour ?? current?.digest_hour ?? DEFAULT_DIGEST_HOUR,
        timeZone: body.time_zone ?? current?.time_zone ?? DEFAULT_TIME_ZONE,
      });
    if (scopeVendors) await repo.setScopeVendors(tx, actor.userId, scopeVendors);
  });
  return preferences(ctx, actor);
}
