import type { CreateWorkflowRequest, UpdateWorkflowRequest, Workflow } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Grant } from '../../platform/access/access';
import type { Actor } from '../../platform/auth/sessions';
import { AppError } from '../../platform/errors/app-error';
import * as repo from './workflows.repository';
import {
  createWorkflow,
  deleteWorkflow,
  oneDto,
  updateWorkflow,
  viewerOf,
  workflowDtos,
} from './workflows.service';
import { VISIBLE_SHARINGS } from './workflows.sql';

export type VendorScope = { vendor: { id: number; accountingFirmId: number }; grant: Grant; actor: Actor };

/** The caller's grant on a client file for an action (404/403 otherwise). */
export async function vendorScope(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  action: 'documents.read' | 'workflow.manage' | 'workflow.move',
) {
  const grant = await ctx.access.authorize(actor, action, { kind: 'vendor', vendorId });
  return { vendor: { id: vendorId, accountingFirmId: grant.accountingFirmId! }, grant, actor };
}

/**
 * Configuring on a client file: `workflow.manage` (firm administrators, the client file's
 * administrator), the latter not when the firm is marked accountant (spec section 6).
 */
export async function manageScope(ctx: AppContext, actor: Actor, vendorId: number): Promise<VendorScope> {
  const scope = await vendorScope(ctx, actor, vendorId, 'workflow.manage');
  if (
    !scope.grant.roles.includes('firm_admin') &&
    (await repo.isAccountantFirm(ctx.db, scope.vendor.accountingFirmId))
  )
    throw new AppError('forbidden');
  return scope;
}

/**
 * A workflow a client file may use (its own or the firm's) that the caller sees; 404 otherwise.
 * `own` also requires it to be the client file's own (to change or delete it there).
 */
export async function usableWorkflow(
  ctx: AppContext,
  scope: VendorScope,
  workflowId: number,
  own = false,
): Promise<repo.WorkflowRow> {
  const row = await repo.findWorkflow(ctx.db, scope.vendor.accountingFirmId, workflowId);
  if (
    !row ||
    (row.vendorId !== null && row.vendorId !== scope.vendor.id) ||
    (own && row.vendorId === null) ||
    !VISIBLE_SHARINGS[viewerOf(scope.grant)].includes(row.sharing)
  )
    throw new AppError('not-found');
  return row;
}

export async function listVendorWorkflows(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  query: { with_statuses?: boolean; search?: string },
): Promise<Workflow[]> {
  const scope = await vendorScope(ctx, actor, vendorId, 'documents.read');
  const rows = await repo.listWorkflows(
    ctx.db,
    scope.vendor.accountingFirmId,
    { vendorId, withFirm: true },
    VISIBLE_SHARINGS[viewerOf(scope.grant)],
    query.search,
  );
  return workflowDtos(ctx.db, scope.vendor.accountingFirmId, rows, query.with_statuses ?? false);
}

export async function getVendorWorkflow(ctx: AppContext, actor: Actor, vendorId: number, workflowId: number) {
  const scope = await vendorScope(ctx, actor, vendorId, 'documents.read');
  return oneDto(ctx.db, await usableWorkflow(ctx, scope, workflowId));
}

export async function createVendorWorkflow(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  input: CreateWorkflowRequest,
) {
  const scope = await manageScope(ctx, actor, vendorId);
  // A client file's administrator cannot create what they would not see.
  if (input.sharing === 'private_firm' && viewerOf(scope.grant) === 'client') throw new AppError('forbidden');
  return createWorkflow(ctx, actor, { accountingFirmId: scope.vendor.accountingFirmId, vendorId }, input);
}

export async function updateVendorWorkflow(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  workflowId: number,
  input: UpdateWorkflowRequest,
) {
  const scope = await manageScope(ctx, actor, vendorId);
  const row = await usableWorkflow(ctx, scope, workflowId, true);
  if (input.sharing === 'private_firm' && viewerOf(scope.grant) === 'client') throw new AppError('forbidden');
  return updateWorkflow(ctx, { accountingFirmId: scope.vendor.accountingFirmId, vendorId }, row, input);
}

export async function deleteVendorWorkflow(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  workflowId: number,
) {
  const scope = await manageScope(ctx, actor, vendorId);
  await deleteWorkflow(ctx, await usableWorkflow(ctx, scope, workflowId, true));
}
