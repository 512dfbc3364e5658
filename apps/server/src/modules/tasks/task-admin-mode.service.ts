import type { TaskAdminMode } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import { can, type Grant } from '../../platform/access/access';
import type { Actor } from '../../platform/auth/sessions';
import * as repo from './task-admin-mode.repository';

/**
 * Admin mode: a firm administrator's task lists and home page cover every client file of the
 * firm, not only the ones assigned to them. It is remembered per person and firm, server side,
 * so it follows them from one browser to another (docs/decisions.md).
 */

/** Whether the caller's lists run in admin mode: the query's choice, else the remembered one. */
export async function adminModeFor(
  ctx: AppContext,
  actor: Actor,
  grant: Grant,
  accountingFirmId: number,
  requested: boolean | undefined,
): Promise<boolean> {
  if (requested !== undefined) return requested;
  if (!can(grant, 'task.admin_mode')) return false;
  return repo.adminModeOf(ctx.db, accountingFirmId, actor.userId);
}

export async function getAdminMode(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
): Promise<TaskAdminMode> {
  const grant = await ctx.access.authorize(actor, 'task.list', { kind: 'firm', accountingFirmId });
  if (!can(grant, 'task.admin_mode')) return { admin_mode: false, available: false };
  return { admin_mode: await repo.adminModeOf(ctx.db, accountingFirmId, actor.userId), available: true };
}

export async function setAdminMode(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  adminMode: boolean,
): Promise<TaskAdminMode> {
  await ctx.access.authorize(actor, 'task.admin_mode', { kind: 'firm', accountingFirmId });
  await repo.setAdminMode(ctx.db, accountingFirmId, actor.userId, adminMode);
  return { admin_mode: adminMode, available: true };
}
