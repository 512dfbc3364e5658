import type { CreateWorkflowRequest, UpdateWorkflowRequest, WorkflowPerson } from '@portal/contracts';
import type { AppContext } from '../../app-context';
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

/** The firm's own workflows (`vendor_id` null), usable in every client file, and the people to name. */

async function firmWorkflow(ctx: AppContext, firmId: number, workflowId: number) {
  const row = await repo.findWorkflow(ctx.db, firmId, workflowId);
  if (!row || row.vendorId !== null) throw new AppError('not-found');
  return row;
}

export async function listFirmWorkflows(
  ctx: AppContext,
  actor: Actor,
  firmId: number,
  query: { with_statuses?: boolean; search?: string },
) {
  const grant = await ctx.access.authorize(actor, 'firm.read', { kind: 'firm', accountingFirmId: firmId });
  const rows = await repo.listWorkflows(
    ctx.db,
    firmId,
    { vendorId: null, withFirm: false },
    VISIBLE_SHARINGS[viewerOf(grant)],
    query.search,
  );
  return workflowDtos(ctx.db, firmId, rows, query.with_statuses ?? true);
}

export async function getFirmWorkflow(ctx: AppContext, actor: Actor, firmId: number, workflowId: number) {
  await ctx.access.authorize(actor, 'firm.read', { kind: 'firm', accountingFirmId: firmId });
  return oneDto(ctx.db, await firmWorkflow(ctx, firmId, workflowId));
}

const manageFirm = (ctx: AppContext, actor: Actor, firmId: number) =>
  ctx.access.authorize(actor, 'workflow.manage', { kind: 'firm', accountingFirmId: firmId });

export async function createFirmWorkflow(
  ctx: AppContext,
  actor: Actor,
  firmId: number,
  input: CreateWorkflowRequest,
) {
  await manageFirm(ctx, actor, firmId);
  return createWorkflow(ctx, actor, { accountingFirmId: firmId, vendorId: null }, input);
}

export async function updateFirmWorkflow(
  ctx: AppContext,
  actor: Actor,
  firmId: number,
  workflowId: number,
  input: UpdateWorkflowRequest,
) {
  await manageFirm(ctx, actor, firmId);
  const row = await firmWorkflow(ctx, firmId, workflowId);
  return updateWorkflow(ctx, { accountingFirmId: firmId, vendorId: null }, row, input);
}

export async function deleteFirmWorkflow(ctx: AppContext, actor: Actor, firmId: number, workflowId: number) {
  await manageFirm(ctx, actor, firmId);
  await deleteWorkflow(ctx, await firmWorkflow(ctx, firmId, workflowId));
}

export async function workflowPeople(
  ctx: AppContext,
  actor: Actor,
  firmId: number,
  vendorId: number,
): Promise<WorkflowPerson[]> {
  // Firm staff who reach the client file (the firm's routes are the firm's own).
  await ctx.access.authorize(actor, 'firm.read', { kind: 'firm', accountingFirmId: firmId });
  const grant = await ctx.access.authorize(actor, 'vendor.read', { kind: 'vendor', vendorId });
  if (grant.accountingFirmId !== firmId) throw new AppError('not-found');
  return repo.peopleOf(ctx.db, firmId, vendorId);
}
