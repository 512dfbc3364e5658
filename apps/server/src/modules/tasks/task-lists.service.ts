import type {
  Home,
  ListTasksQuery,
  Paginated,
  TaskCompany,
  TaskCounters,
  TaskFiltersQuery,
  TaskListItem,
} from '@portal/contracts';
import { TASKS_PAGE_SIZE } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import type { Shown } from '../../platform/cache/read-cache';
import { notFound } from '../../platform/errors/app-error';
import { paginated } from '../../platform/http/pagination';
import { toTaskListItem } from './task.mapper';
import { adminModeFor } from './task-admin-mode.service';
import * as lists from './task-lists.repository';
import { isFirmSide } from './tasks.service';

/**
 * Whose tasks the caller lists in a firm: every client file's in admin mode (firm administrators:
 * asked in the query, else the one they left on), else a member's client files (assigned, or all
 * for a member given all, and the tasks they created), else a client user's companies (never
 * internal tasks).
 */
async function scopeFor(
  ctx: AppContext,
  actor: Actor,
  q: Pick<TaskFiltersQuery, 'accounting_firm_id' | 'adminMode'>,
) {
  const accountingFirmId = q.accounting_firm_id;
  const grant = await ctx.access.authorize(actor, 'task.list', { kind: 'firm', accountingFirmId });
  if (await adminModeFor(ctx, actor, grant, accountingFirmId, q.adminMode)) {
    await ctx.access.authorize(actor, 'task.admin_mode', { kind: 'firm', accountingFirmId });
    return { kind: 'firm', accountingFirmId, userId: actor.userId } as const;
  }
  if (isFirmSide(grant)) return { kind: 'member', accountingFirmId, userId: actor.userId } as const;
  return { kind: 'client', accountingFirmId, userId: actor.userId } as const;
}

/**
 * A list or counters answer from the firm's cached reads (`ctx.reads`): these statements visit
 * every task the caller sees. The caller's right was checked just before (`scopeFor`); the answer
 * is kept per scope and query, and dropped when a task, item, member, theme or client file of the
 * firm changes, or who sees what does (the database notifies); not by a document or a read mark.
 */
function cached<T>(
  ctx: AppContext,
  scope: lists.TaskScope,
  what: string,
  q: object,
  load: () => Promise<T>,
  shows: readonly Shown[] = ['tasks', 'vendors'],
) {
  const who = scope.kind === 'firm' ? 'firm' : `${scope.kind}:${scope.userId}`;
  return ctx.reads.get(
    scope.accountingFirmId,
    { key: `tasks:${what}:${who}:${JSON.stringify(q)}`, shows },
    load,
  );
}

/** The home page shows the documents received too, with their authors' names. */
const HOME_SHOWS: readonly Shown[] = ['tasks', 'vendors', 'documents', 'people'];

export async function listTasks(
  ctx: AppContext,
  actor: Actor,
  q: ListTasksQuery,
): Promise<Paginated<TaskListItem>> {
  const scope = await scopeFor(ctx, actor, q);
  const page = { page: q.page, per_page: TASKS_PAGE_SIZE };
  return cached(ctx, scope, 'list', q, async () => {
    const { rows, total } = await lists.listTasks(ctx.db, scope, q, {
      limit: TASKS_PAGE_SIZE,
      offset: (q.page - 1) * TASKS_PAGE_SIZE,
    });
    return paginated(rows.map(toTaskListItem), page, total);
  });
}

export async function taskCounters(
  ctx: AppContext,
  actor: Actor,
  q: TaskFiltersQuery,
): Promise<TaskCounters> {
  const scope = await scopeFor(ctx, actor, q);
  return cached(ctx, scope, 'counters', q, () => lists.countTasks(ctx.db, scope, q));
}

export async function taskCompanies(
  ctx: AppContext,
  actor: Actor,
  q: TaskFiltersQuery,
): Promise<TaskCompany[]> {
  const scope = await scopeFor(ctx, actor, q);
  return cached(ctx, scope, 'companies', q, () => lists.countTasksPerCompany(ctx.db, scope, q));
}

/** How many tasks each section of the home page shows at most. */
export const HOME_SECTION_SIZE = 20;

/**
 * The home page's day in one request (one statement): for the firm, open tasks due today and
 * overdue, the information requests waiting on clients (in the admin mode the person left on) and
 * the documents they have not read yet; for a client user, what the firm is waiting for and the
 * latest documents.
 */
export async function home(
  ctx: AppContext,
  actor: Actor,
  q: { accounting_firm_id: number; vendor_id?: number },
): Promise<Home> {
  const scope = await scopeFor(ctx, actor, { accounting_firm_id: q.accounting_firm_id });
  if (q.vendor_id !== undefined) {
    const grant = await ctx.access.authorize(actor, 'task.read', { kind: 'vendor', vendorId: q.vendor_id });
    if (grant.accountingFirmId !== q.accounting_firm_id) throw notFound();
  }
  // A client user's home reads nothing of theirs but their companies' tasks and documents: it is
  // cached like the lists. A firm member's records their visit (and shows what came since).
  if (scope.kind === 'client')
    return cached(ctx, scope, 'home', q, () => buildHome(ctx, scope, q), HOME_SHOWS);
  return buildHome(ctx, scope, q);
}

async function buildHome(
  ctx: AppContext,
  scope: lists.TaskScope,
  q: { accounting_firm_id: number; vendor_id?: number },
): Promise<Home> {
  const { tasks, documents, since } = await lists.home(ctx.db, scope, q.vendor_id, HOME_SECTION_SIZE);
  const section = (name: string) => tasks.filter((r) => r.section === name).map(toTaskListItem);
  return {
    accounting_firm_id: q.accounting_firm_id,
    vendor_id: q.vendor_id ?? null,
    audience: scope.kind === 'client' ? 'client' : 'firm',
    due_today: section('due_today'),
    overdue: section('overdue'),
    waiting_requests: section('waiting'),
    documents: documents.map((d) => ({ ...d, created_at: new Date(d.created_at).toISOString() })),
    documents_since: since,
  };
}
