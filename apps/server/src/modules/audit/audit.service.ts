import {
  AUDIT_EXPORT_MAX_ROWS,
  type AuditEvent,
  type AuditEventList,
  type AuditEventsQuery,
  type AuditFilters,
  type AuditSettings,
  type AuditVerification,
  type UpdateAuditSettings,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import { AppError, fieldError } from '../../platform/errors/app-error';
import * as repo from './audit.repository';

/** Whose log a list reads: the portal's, or one client file's. */
type Scope = { accountingFirmId: number; vendorId: number | null };

const fullname = (first: string | null, last: string | null, email: string | null) =>
  [first, last].filter(Boolean).join(' ') || (email ?? '');

export const toEventDto = (r: repo.EventRow): AuditEvent => ({
  id: Number(r.id),
  occurred_at: r.occurred_at,
  accounting_firm_id: r.accounting_firm_id,
  vendor_id: r.vendor_id,
  vendor_name: r.vendor_name,
  actor:
    r.actor_user_id === null
      ? null
      : {
          id: r.actor_user_id,
          fullname: fullname(r.actor_firstname, r.actor_lastname, r.actor_email),
          email: r.actor_email ?? '',
        },
  actor_kind: r.actor_kind,
  impersonator:
    r.impersonator_user_id === null
      ? null
      : {
          id: r.impersonator_user_id,
          fullname: fullname(r.impersonator_firstname, r.impersonator_lastname, r.impersonator_email),
          email: r.impersonator_email ?? '',
        },
  action: r.action,
  subject: { type: r.subject_type, id: r.subject_id, name: r.subject_name },
  ip: r.ip,
  user_agent: r.user_agent,
  details: r.details ?? {},
});

/** A date alone means its whole day (UTC): `from` its start, `to` its end. */
function instant(value: string | undefined, end: boolean): Date | undefined {
  if (value === undefined) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return new Date(`${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`);
  }
  return new Date(value);
}

/** The filters as the repository takes them; `from` after `to` is refused (422 on `from`). */
function toQuery(scope: Scope, filters: AuditFilters, limit: number, beforeId?: number): repo.EventQuery {
  const from = instant(filters.from, false);
  const to = instant(filters.to, true);
  if (from && to && from > to) throw fieldError('validation-failed', 'from', 'out-of-range');
  return {
    accountingFirmId: scope.accountingFirmId,
    vendorId: scope.vendorId ?? filters.vendor_id,
    actorId: filters.actor_id,
    actions: filters['actions[]'],
    family: filters.family,
    subjectType: filters.subject_type,
    subjectId: filters.subject_id,
    from,
    to,
    ip: filters.ip,
    beforeId,
    limit,
  };
}

/** The keyset cursor: the last id seen, bound to the portal and client file it was read from. */
const encodeCursor = (scope: Scope, id: number) =>
  Buffer.from(JSON.stringify({ f: scope.accountingFirmId, v: scope.vendorId, id })).toString('base64url');

function decodeCursor(scope: Scope, cursor: string): number {
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as {
      f: unknown;
      v: unknown;
      id: unknown;
    };
    if (
      c.f === scope.accountingFirmId &&
      c.v === scope.vendorId &&
      typeof c.id === 'number' &&
      Number.isSafeInteger(c.id) &&
      c.id > 0
    ) {
      return c.id;
    }
  } catch {
    // Falls through to the refusal.
  }
  throw fieldError('validation-failed', 'cursor', 'invalid-cursor');
}

/** A filter naming a client file or person foreign to the log is refused (422), like one that does not exist. */
async function checkFilterIds(ctx: AppContext, scope: Scope, filters: AuditFilters): Promise<void> {
  const vendorId = filters.vendor_id;
  if (vendorId !== undefined) {
    const known =
      scope.vendorId === null
        ? await repo.vendorOfFirm(ctx.db, scope.accountingFirmId, vendorId)
        : vendorId === scope.vendorId;
    if (!known) throw fieldError('validation-failed', 'vendor_id', 'invalid-id');
  }
  if (
    filters.actor_id !== undefined &&
    !(await repo.actorInLog(ctx.db, scope.accountingFirmId, filters.actor_id))
  )
    throw fieldError('validation-failed', 'actor_id', 'invalid-id');
}

async function list(ctx: AppContext, scope: Scope, query: AuditEventsQuery): Promise<AuditEventList> {
  await checkFilterIds(ctx, scope, query);
  const beforeId = query.cursor === undefined ? undefined : decodeCursor(scope, query.cursor);
  const rows = await repo.listEvents(ctx.db, toQuery(scope, query, query.per_page + 1, beforeId));
  const page = rows.slice(0, query.per_page);
  const last = page.at(-1);
  return {
    data: page.map(toEventDto),
    next_cursor: rows.length > query.per_page && last ? encodeCursor(scope, Number(last.id)) : null,
  };
}

/** The portal's log (firm administrators), newest first. */
export async function firmEvents(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  query: AuditEventsQuery,
): Promise<AuditEventList> {
  await ctx.access.authorize(actor, 'firm.audit.read', { kind: 'firm', accountingFirmId });
  return list(ctx, { accountingFirmId, vendorId: null }, query);
}

/** One client file's log (firm administrators, assigned collaborators). */
export async function vendorEvents(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  query: AuditEventsQuery,
): Promise<AuditEventList> {
  const grant = await ctx.access.authorize(actor, 'vendor.audit.read', { kind: 'vendor', vendorId });
  if (grant.accountingFirmId === undefined) throw new AppError('not-found');
  return list(ctx, { accountingFirmId: grant.accountingFirmId, vendorId }, query);
}

/** Recomputes the portal's hash chain. */
export async function verifyFirmChain(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
): Promise<AuditVerification> {
  await ctx.access.authorize(actor, 'firm.audit.read', { kind: 'firm', accountingFirmId });
  const result = await repo.verifyChain(ctx.db, accountingFirmId);
  return {
    valid: result.firstBrokenId === null,
    checked: result.checked,
    first_broken_id: result.firstBrokenId,
  };
}

export async function auditSettings(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
): Promise<AuditSettings> {
  await ctx.access.authorize(actor, 'firm.audit.settings', { kind: 'firm', accountingFirmId });
  const days = await repo.retentionDays(ctx.db, accountingFirmId);
  return { retention_days: days ?? ctx.config.AUDIT_RETENTION_DAYS, custom: days !== null };
}

export async function updateAuditSettings(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  input: UpdateAuditSettings,
): Promise<AuditSettings> {
  const before = await auditSettings(ctx, actor, accountingFirmId);
  await ctx.db.transaction(async (tx) => {
    await repo.setRetentionDays(tx, accountingFirmId, input.retention_days);
    await ctx.audit.record(tx, {
      accountingFirmId,
      actorUserId: actor.userId,
      action: 'audit.settings_changed',
      details: { retention_days: { from: before.retention_days, to: input.retention_days } },
    });
  });
  return { retention_days: input.retention_days, custom: true };
}

/** Every row of a query, newest first, read a thousand at a time (memory stays flat). */
export async function* exportRows(
  ctx: AppContext,
  accountingFirmId: number,
  filters: AuditFilters,
): AsyncGenerator<AuditEvent> {
  const query = toQuery({ accountingFirmId, vendorId: null }, filters, 1000);
  let written = 0;
  let beforeId: number | undefined;
  while (written < AUDIT_EXPORT_MAX_ROWS) {
    const rows = await repo.listEvents(ctx.db, {
      ...query,
      beforeId,
      limit: Math.min(1000, AUDIT_EXPORT_MAX_ROWS - written),
    });
    for (const row of rows) yield toEventDto(row);
    written += rows.length;
    if (rows.length < 1000) return;
    beforeId = Number(rows.at(-1)?.id);
  }
}

/** An export's filters, checked as a list's (dates, ids of the portal). */
export async function checkExportFilters(ctx: AppContext, accountingFirmId: number, filters: AuditFilters) {
  const scope = { accountingFirmId, vendorId: null };
  toQuery(scope, filters, 1);
  await checkFilterIds(ctx, scope, filters);
}

/** Checks an export's rights and filters, and logs it (`audit.exported`). */
export async function startExport(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  filters: AuditFilters,
): Promise<void> {
  await ctx.access.authorize(actor, 'firm.audit.read', { kind: 'firm', accountingFirmId });
  await checkExportFilters(ctx, accountingFirmId, filters);
  await ctx.audit.record(ctx.db, {
    accountingFirmId,
    actorUserId: actor.userId,
    action: 'audit.exported',
    details: { filters },
  });
}

/** The daily purge: rows older than each portal's retention. */
export async function purgeAudit(ctx: AppContext): Promise<number> {
  return repo.purge(ctx.db, ctx.config.AUDIT_RETENTION_DAYS);
}
