import type { ActivateWorkflowRequest, FolderWorkflow } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import { AppError, fieldError } from '../../platform/errors/app-error';
import * as nodes from './node-status.repository';
import { liveFolderOr404 } from './node-status.service';
import { manageScope, usableWorkflow, type VendorScope, vendorScope } from './vendor-workflows.service';
import * as repo from './workflows.repository';
import { oneDto, viewerOf } from './workflows.service';
import { VISIBLE_SHARINGS } from './workflows.sql';

/** A workflow's activation on folders: the nearest activated ancestor's applies to a subtree. */

export async function folderWorkflow(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  folderId: number,
): Promise<FolderWorkflow> {
  const scope = await vendorScope(ctx, actor, vendorId, 'documents.read');
  await liveFolderOr404(ctx.db, scope, folderId);
  return folderWorkflowOf(ctx, scope, folderId);
}

async function folderWorkflowOf(
  ctx: AppContext,
  scope: VendorScope,
  folderId: number,
): Promise<FolderWorkflow> {
  const activation = await nodes.effectiveActivation(ctx.db, scope.vendor, folderId);
  const workflow = activation
    ? await repo.findWorkflow(ctx.db, scope.vendor.accountingFirmId, activation.workflowId)
    : undefined;
  if (!activation || !workflow || !VISIBLE_SHARINGS[viewerOf(scope.grant)].includes(workflow.sharing))
    return { workflow: null, inherited_from_folder_id: null, counts: [] };
  const statuses = await repo.statusesOf(ctx.db, scope.vendor.accountingFirmId, [workflow.id]);
  return {
    workflow: await oneDto(ctx.db, workflow),
    inherited_from_folder_id: activation.folderId === folderId ? null : activation.folderId,
    counts: await nodes.subtreeCounts(
      ctx.db,
      scope.vendor,
      folderId,
      statuses.map((s) => s.id),
      scope.grant.themes,
    ),
  };
}

export async function activateWorkflow(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  folderId: number,
  input: ActivateWorkflowRequest,
): Promise<FolderWorkflow> {
  const scope = await manageScope(ctx, actor, vendorId);
  await liveFolderOr404(ctx.db, scope, folderId, true);
  const workflow = await usableWorkflow(ctx, scope, input.workflow_id).catch(() => {
    throw fieldError('validation-failed', 'workflow_id', 'invalid-id');
  });
  if (!workflow.isActive) throw fieldError('workflow-inactive', 'workflow_id');
  const statuses = await repo.statusesOf(ctx.db, scope.vendor.accountingFirmId, [workflow.id]);
  const initial = statuses.find((s) => s.isInitial) ?? statuses[0]!;
  const actorName = await repo.userName(ctx.db, actor.userId);
  await ctx.db.transaction(async (tx) => {
    if (!(await nodes.liveFolder(tx, scope.vendor, folderId, true))) throw new AppError('not-found');
    await nodes.activate(tx, scope.vendor, folderId, workflow.id, actor.userId);
    if (input.apply_to === 'existing_documents')
      await nodes.setCoveredStatus(tx, scope.vendor, folderId, initial, {
        workflowId: workflow.id,
        sharing: workflow.sharing,
        actorId: actor.userId,
        actorName,
      });
  });
  return folderWorkflowOf(ctx, scope, folderId);
}

export async function deactivateWorkflow(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  folderId: number,
  scopeOf: 'all_content' | 'folders_only',
): Promise<FolderWorkflow> {
  const scope = await manageScope(ctx, actor, vendorId);
  await liveFolderOr404(ctx.db, scope, folderId, true);
  const own = await nodes.ownActivation(ctx.db, scope.vendor, folderId);
  if (!own) {
    // Nothing to deactivate here: done, unless an ancestor's applies (to deactivate there).
    if (await nodes.effectiveActivation(ctx.db, scope.vendor, folderId))
      throw new AppError('workflow-not-on-folder');
    return folderWorkflowOf(ctx, scope, folderId);
  }
  // A workflow the caller may not see is not theirs to remove.
  await usableWorkflow(ctx, scope, own.workflowId);
  await ctx.db.transaction(async (tx) => {
    if (!(await nodes.liveFolder(tx, scope.vendor, folderId, true))) throw new AppError('not-found');
    await nodes.deactivate(tx, scope.vendor, folderId);
    await nodes.clearCoveredStatuses(tx, scope.vendor, folderId, own.workflowId, scopeOf === 'folders_only');
  });
  return folderWorkflowOf(ctx, scope, folderId);
}
