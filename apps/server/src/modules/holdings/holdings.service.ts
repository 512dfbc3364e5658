import type {
  HoldingDashboard,
  HoldingUser,
  HoldingVendor,
  HoldingWorkspace,
  HoldingWorkspaceDetail,
  ListHoldingUsersQuery,
  ListHoldingVendorsQuery,
  ListHoldingWorkspacesQuery,
  MyHolding,
  Paginated,
  PutHoldingWorkspaceAccessRequest,
  UpdateHoldingUserRequest,
  UpdateHoldingWorkspaceRequest,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError, fieldError } from '../../platform/errors/app-error';
import { paginated } from '../../platform/http/pagination';
import { removeWorkspaceAccess, setWorkspaceAccess } from '../team/holding-access.service';
import * as repo from './holdings.repository';

/**
 * The holding area: only the holding's administrators and group admins (`holding.manage`). Anyone
 * else, a member of one of its portals included, and any holding that does not exist, answers 404
 * (the rule: the area does not exist for a person without a holding role).
 */
function authorize(ctx: AppContext, actor: Actor, holdingId: number) {
  return ctx.access.authorize(actor, 'holding.manage', { kind: 'holding', holdingId });
}

/** A portal named in a request must be one of the holding's (else 404, as if it did not exist). */
async function firmOf(ctx: AppContext, holdingId: number, firmId: number) {
  const firm = await repo.firmOfHolding(ctx.db, holdingId, firmId);
  if (!firm) throw new AppError('not-found');
  return firm;
}

/** A person named in a request must be one of the holding's people (else 404). */
async function personOf(ctx: AppContext, holdingId: number, userId: number) {
  if (!(await repo.isPersonOfHolding(ctx.db, holdingId, userId))) throw new AppError('not-found');
}

export async function myHoldings(ctx: AppContext, actor: Actor): Promise<MyHolding[]> {
  if (actor.boundFirmId !== null) return [];
  const rows = await repo.holdingsOf(ctx.db, actor.userId);
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    role: r.holding_admin ? 'holding_admin' : 'group_admin',
  }));
}

export async function dashboard(ctx: AppContext, actor: Actor, holdingId: number): Promise<HoldingDashboard> {
  await authorize(ctx, actor, holdingId);
  const { workspaces, signIns, distinct } = await repo.dashboardRows(ctx.db, holdingId);
  const sum = (pick: (w: (typeof workspaces)[number]) => number) =>
    workspaces.reduce((a, w) => a + pick(w), 0);
  return {
    workspaces: {
      active: workspaces.filter((w) => !w.deactivated).length,
      deactivated: workspaces.filter((w) => w.deactivated).length,
    },
    vendors: { active: sum((w) => w.vendorsActive), deactivated: sum((w) => w.vendorsDeactivated) },
    members: distinct.members,
    client_users: distinct.clientUsers,
    sign_ins_30_days: signIns,
    documents: {
      count: sum((w) => w.documents),
      bytes: sum((w) => w.bytes),
      added_30_days: sum((w) => w.documentsAdded),
    },
    tasks: { open: sum((w) => w.tasksOpen), overdue: sum((w) => w.tasksOverdue) },
    information_requests_waiting: sum((w) => w.requestsWaiting),
    per_workspace: workspaces.map((w) => ({
      accounting_firm_id: w.id,
      name: w.name,
      deactivated: w.deactivated,
      vendors: w.vendorsActive + w.vendorsDeactivated,
      members: w.members,
      client_users: w.clientUsers,
      documents: { count: w.documents, bytes: w.bytes },
      tasks_overdue: w.tasksOverdue,
    })),
  };
}

export async function workspaces(
  ctx: AppContext,
  actor: Actor,
  holdingId: number,
  query: ListHoldingWorkspacesQuery,
): Promise<Paginated<HoldingWorkspace>> {
  await authorize(ctx, actor, holdingId);
  const { rows, total } = await repo.workspacesPage(
    ctx.db,
    holdingId,
    { search: query.search, includeDeactivated: query.include_deactivated },
    query.page,
    query.per_page,
  );
  const data = rows.map((r) => ({
    id: r.id,
    name: r.name,
    domain: r.domain,
    deactivated_at: r.deactivatedAt?.toISOString() ?? null,
    member_count: Number(r.memberCount),
    vendor_count: Number(r.vendorCount),
  }));
  return paginated(data, query, total);
}

export async function vendors(
  ctx: AppContext,
  actor: Actor,
  holdingId: number,
  query: ListHoldingVendorsQuery,
): Promise<Paginated<HoldingVendor>> {
  await authorize(ctx, actor, holdingId);
  if (query.accounting_firm_id !== undefined) await firmOf(ctx, holdingId, query.accounting_firm_id);
  const { rows, total } = await repo.vendorsPage(
    ctx.db,
    holdingId,
    { search: query.search, firmId: query.accounting_firm_id, includeDeactivated: query.include_deactivated },
    query.page,
    query.per_page,
  );
  const data = rows.map((r) => ({
    id: r.id,
    company: r.company,
    client_code: r.clientCode,
    siret: r.siret,
    accounting_firm_id: r.firmId,
    accounting_firm_name: r.firmName,
    deactivated_at: r.deactivatedAt?.toISOString() ?? null,
    users: r.users,
    documents: r.documents,
  }));
  return paginated(data, query, total);
}

const toUser = (row: Awaited<ReturnType<typeof repo.peopleOfHolding>>[number]): HoldingUser => ({
  user_id: row.id,
  email: row.email,
  firstname: row.firstname,
  lastname: row.lastname,
  holding_admin: row.holding_admin === true,
  workspaces: row.workspaces,
});

export async function users(
  ctx: AppContext,
  actor: Actor,
  holdingId: number,
  query: ListHoldingUsersQuery,
): Promise<HoldingUser[]> {
  await authorize(ctx, actor, holdingId);
  if (query.accounting_firm_id !== undefined) await firmOf(ctx, holdingId, query.accounting_firm_id);
  const rows = await repo.peopleOfHolding(ctx.db, holdingId, {
    search: query.search,
    firmId: query.accounting_firm_id,
  });
  return rows.map(toUser);
}

export async function user(
  ctx: AppContext,
  actor: Actor,
  holdingId: number,
  userId: number,
): Promise<HoldingUser> {
  await authorize(ctx, actor, holdingId);
  const [row] = await repo.peopleOfHolding(ctx.db, holdingId, { userId });
  if (!row) throw new AppError('not-found');
  return toUser(row);
}

/** Nobody changes their own access (spec §6, the team module's rule). */
function notSelf(actor: Actor, userId: number) {
  if (actor.userId === userId) throw new AppError('forbidden');
}

/** Holding-admin access: given or taken by a holding administrator only. */
export async function updateUser(
  ctx: AppContext,
  actor: Actor,
  holdingId: number,
  userId: number,
  input: UpdateHoldingUserRequest,
): Promise<HoldingUser> {
  const grant = await authorize(ctx, actor, holdingId);
  await personOf(ctx, holdingId, userId);
  notSelf(actor, userId);
  if (!grant.roles.includes('holding_admin')) throw new AppError('forbidden');
  await ctx.db.transaction((tx) => repo.setHoldingAdmin(tx, holdingId, userId, input.holding_admin));
  return user(ctx, actor, holdingId, userId);
}

/** Adds a person of the holding to one of its portals, or changes their access there. */
export async function putWorkspaceAccess(
  ctx: AppContext,
  actor: Actor,
  holdingId: number,
  userId: number,
  firmId: number,
  input: PutHoldingWorkspaceAccessRequest,
): Promise<HoldingUser> {
  const grant = await authorize(ctx, actor, holdingId);
  await firmOf(ctx, holdingId, firmId);
  await personOf(ctx, holdingId, userId);
  notSelf(actor, userId);
  // The group admin flag is the holding administrator's to give (the team module's rule).
  if (input.is_group_admin !== undefined && !grant.roles.includes('holding_admin')) {
    const [current] = await repo.peopleOfHolding(ctx.db, holdingId, { userId });
    const was = current?.workspaces.find((w) => w.accounting_firm_id === firmId)?.is_group_admin ?? false;
    if (was !== input.is_group_admin) throw new AppError('forbidden');
  }
  await ctx.db.transaction((tx) => setWorkspaceAccess(tx, firmId, userId, input));
  return user(ctx, actor, holdingId, userId);
}

/** Removes a person's access to one portal; nobody removes their own (spec §6). */
export async function deleteWorkspaceAccess(
  ctx: AppContext,
  actor: Actor,
  holdingId: number,
  userId: number,
  firmId: number,
): Promise<{ removed: true; last_access: boolean }> {
  await authorize(ctx, actor, holdingId);
  await firmOf(ctx, holdingId, firmId);
  await personOf(ctx, holdingId, userId);
  if (actor.userId === userId) throw new AppError('cannot-delete-own-access');
  const { last_access } = await ctx.db.transaction((tx) => removeWorkspaceAccess(tx, firmId, userId));
  return { removed: true, last_access };
}

async function workspaceDetail(
  ctx: AppContext,
  holdingId: number,
  firmId: number,
): Promise<HoldingWorkspaceDetail> {
  const row = await repo.workspaceOfHolding(ctx.db, holdingId, firmId);
  if (!row) throw new AppError('not-found');
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    welcome_message: row.welcomeMessage,
    deactivated_at: row.deactivatedAt?.toISOString() ?? null,
    member_count: Number(row.memberCount),
    vendor_count: Number(row.vendorCount),
  };
}

export async function workspace(
  ctx: AppContext,
  actor: Actor,
  holdingId: number,
  firmId: number,
): Promise<HoldingWorkspaceDetail> {
  await authorize(ctx, actor, holdingId);
  return workspaceDetail(ctx, holdingId, firmId);
}

/** The workspace form's general section; a domain another portal uses answers 422. */
export async function updateWorkspace(
  ctx: AppContext,
  actor: Actor,
  holdingId: number,
  firmId: number,
  input: UpdateHoldingWorkspaceRequest,
): Promise<HoldingWorkspaceDetail> {
  await authorize(ctx, actor, holdingId);
  const values = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.domain === undefined ? {} : { domain: input.domain }),
    ...(input.welcome_message === undefined ? {} : { welcomeMessage: input.welcome_message }),
  };
  try {
    if (!(await repo.updateWorkspace(ctx.db, holdingId, firmId, values))) throw new AppError('not-found');
  } catch (error) {
    if (uniqueViolation(error) === 'accounting_firms_domain_key')
      throw fieldError('domain-already-exists', 'domain');
    throw error;
  }
  return workspaceDetail(ctx, holdingId, firmId);
}

/** Deactivating closes the portal to its users (its data stays); restoring reopens it. */
export async function setWorkspaceActive(
  ctx: AppContext,
  actor: Actor,
  holdingId: number,
  firmId: number,
  active: boolean,
): Promise<HoldingWorkspaceDetail> {
  await authorize(ctx, actor, holdingId);
  const done = await repo.updateWorkspace(ctx.db, holdingId, firmId, {
    deactivatedAt: active ? null : new Date(),
  });
  if (!done) throw new AppError('not-found');
  return workspaceDetail(ctx, holdingId, firmId);
}
