import type {
  ActivateWorkflowRequest,
  BulkStatusRequest,
  FolderWorkflow,
  NodeStatus,
  NodeWorkflowStatus,
  SetNodeStatusRequest,
  StatusHistoryEntry,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { can } from '../../platform/access/access';
import type { Actor } from '../../platform/auth/sessions';
import { AppError, type FieldErrors, fieldError } from '../../platform/errors/app-error';
import { manageScope, usableWorkflow, type VendorScope, vendorScope } from './vendor-workflows.service';
import * as repo from './workflows.repository';
import { oneDto, viewerOf } from './workflows.service';
import { VISIBLE_SHARINGS } from './workflows.sql';

declare module '../../platform/events/events' {
  interface AppEvents {
    'document.status_changed': StatusChanged;
    'folder.status_changed': StatusChanged;
  }
}

/** A node's change of status, for the notifications (who moved it, from what to what). */
export type StatusChanged = {
  accountingFirmId: number;
  vendorId: number;
  nodeId: number;
  workflowId: number;
  sharing: repo.Sharing;
  fromStatusId: number | null;
  toStatusId: number;
  userId: number;
  /** The mover's side: the client is told of the firm's moves, the firm of the client's. */
  side: 'firm' | 'client';
};

const statusDto = (s: repo.StatusRow): NodeWorkflowStatus => ({
  id: s.id,
  name: s.name,
  colour: s.colour,
  is_final: s.isFinal,
});

type Vendor = VendorScope['vendor'];

/** The folder a node's workflow is looked up from (404 when the node is not live in the file). */
async function nodeFolder(db: Db, vendor: Vendor, node: repo.NodeRef, lock = false): Promise<number> {
  if (node.type === 'folder') {
    const folder = await repo.liveFolder(db, vendor, node.id, lock);
    if (!folder) throw new AppError('not-found');
    return node.id;
  }
  const document = await repo.liveDocument(db, vendor, node.id, lock);
  if (!document) throw new AppError('not-found');
  return document.folderId;
}

async function liveFolderOr404(db: Db, vendor: Vendor, folderId: number) {
  if (!(await repo.liveFolder(db, vendor, folderId))) throw new AppError('not-found');
}

// --- Activation on folders ----------------------------------------------------------------------

export async function folderWorkflow(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  folderId: number,
): Promise<FolderWorkflow> {
  const scope = await vendorScope(ctx, actor, vendorId, 'documents.read');
  await liveFolderOr404(ctx.db, scope.vendor, folderId);
  return folderWorkflowOf(ctx, scope, folderId);
}

async function folderWorkflowOf(
  ctx: AppContext,
  scope: VendorScope,
  folderId: number,
): Promise<FolderWorkflow> {
  const activation = await repo.effectiveActivation(ctx.db, scope.vendor, folderId);
  const workflow = activation
    ? await repo.findWorkflow(ctx.db, scope.vendor.accountingFirmId, activation.workflowId)
    : undefined;
  if (!activation || !workflow || !VISIBLE_SHARINGS[viewerOf(scope.grant)].includes(workflow.sharing))
    return { workflow: null, inherited_from_folder_id: null, counts: [] };
  const statuses = await repo.statusesOf(ctx.db, scope.vendor.accountingFirmId, [workflow.id]);
  return {
    workflow: await oneDto(ctx.db, workflow),
    inherited_from_folder_id: activation.folderId === folderId ? null : activation.folderId,
    counts: await repo.subtreeCounts(
      ctx.db,
      scope.vendor,
      folderId,
      statuses.map((s) => s.id),
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
  await liveFolderOr404(ctx.db, scope.vendor, folderId);
  const workflow = await usableWorkflow(ctx, scope, input.workflow_id).catch(() => {
    throw fieldError('validation-failed', 'workflow_id', 'invalid-id');
  });
  if (!workflow.isActive) throw fieldError('workflow-inactive', 'workflow_id');
  const statuses = await repo.statusesOf(ctx.db, scope.vendor.accountingFirmId, [workflow.id]);
  const initial = statuses.find((s) => s.isInitial) ?? statuses[0]!;
  const actorName = await repo.userName(ctx.db, actor.userId);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.liveFolder(tx, scope.vendor, folderId, true))) throw new AppError('not-found');
    await repo.activate(tx, scope.vendor, folderId, workflow.id, actor.userId);
    if (input.apply_to === 'existing_documents')
      await repo.setCoveredStatus(tx, scope.vendor, folderId, initial, {
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
  await liveFolderOr404(ctx.db, scope.vendor, folderId);
  const own = await repo.ownActivation(ctx.db, scope.vendor, folderId);
  if (!own) {
    // Nothing to deactivate here: done, unless an ancestor's applies (to deactivate there).
    if (await repo.effectiveActivation(ctx.db, scope.vendor, folderId))
      throw new AppError('workflow-not-on-folder');
    return folderWorkflowOf(ctx, scope, folderId);
  }
  // A workflow the caller may not see is not theirs to remove.
  await usableWorkflow(ctx, scope, own.workflowId);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.liveFolder(tx, scope.vendor, folderId, true))) throw new AppError('not-found');
    await repo.deactivate(tx, scope.vendor, folderId);
    await repo.clearCoveredStatuses(tx, scope.vendor, folderId, own.workflowId, scopeOf === 'folders_only');
  });
  return folderWorkflowOf(ctx, scope, folderId);
}

// --- Statuses of nodes --------------------------------------------------------------------------

type Context = {
  workflow: repo.WorkflowRow;
  statuses: repo.StatusRow[];
  transitions: repo.TransitionRow[];
  current: repo.StatusRow | undefined;
};

/** The workflow that applies to a node and where the node stands in it (undefined: none). */
async function nodeContext(db: Db, vendor: Vendor, node: repo.NodeRef, lock = false) {
  const folderId = await nodeFolder(db, vendor, node, lock);
  const activation = await repo.effectiveActivation(db, vendor, folderId);
  const current = await repo.currentStatus(db, vendor.accountingFirmId, node);
  if (!activation) return { current, context: undefined };
  const firmId = vendor.accountingFirmId;
  const workflow = (await repo.findWorkflow(db, firmId, activation.workflowId))!;
  const [statuses, transitions] = await Promise.all([
    repo.statusesOf(db, firmId, [workflow.id]),
    repo.transitionsOf(db, firmId, [workflow.id]),
  ]);
  const inWorkflow = current && current.workflowId === workflow.id ? current : undefined;
  return { current, context: { workflow, statuses, transitions, current: inWorkflow } satisfies Context };
}

/**
 * Whether the caller may move a node from where it stands to `to`: 'ok', or the error. A node
 * without a status stands at the initial one (and may be given it).
 */
function moveVerdict(scope: VendorScope, c: Context, to: repo.StatusRow): 'ok' | 'invalid' | 'forbidden' {
  const initial = c.statuses.find((s) => s.isInitial) ?? c.statuses[0]!;
  const from = c.current ?? initial;
  if (!c.current && to.id === initial.id) return 'ok';
  const transition = c.transitions.find((t) => t.fromStatusId === from.id && t.toStatusId === to.id);
  if (!transition) return 'invalid';
  if (scope.grant.roles.includes('firm_admin')) return 'ok';
  const side = viewerOf(scope.grant) === 'client' ? 'client' : 'firm';
  if (!transition.movers.includes(side)) return 'forbidden';
  if (transition.userIds.length && !transition.userIds.includes(scope.actor.userId)) return 'forbidden';
  return 'ok';
}

const sees = (scope: VendorScope, workflow: repo.WorkflowRow) =>
  VISIBLE_SHARINGS[viewerOf(scope.grant)].includes(workflow.sharing);

export async function nodeStatus(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  node: repo.NodeRef,
): Promise<NodeStatus> {
  const scope = await vendorScope(ctx, actor, vendorId, 'documents.read');
  const { current, context } = await nodeContext(ctx.db, scope.vendor, node);
  let status: NodeWorkflowStatus | null = null;
  if (current) {
    const owner = await repo.findWorkflow(ctx.db, scope.vendor.accountingFirmId, current.workflowId);
    if (owner && sees(scope, owner)) status = statusDto(current);
  }
  if (!context || !sees(scope, context.workflow)) return { status, workflow: null, transitions: [] };
  const mayMove = context.workflow.isActive && can(scope.grant, 'workflow.move');
  const moves = mayMove
    ? context.statuses.filter((s) => s.id !== context.current?.id && moveVerdict(scope, context, s) === 'ok')
    : [];
  return {
    status,
    workflow: { id: context.workflow.id, name: context.workflow.name, is_active: context.workflow.isActive },
    transitions: moves.map(statusDto),
  };
}

type Moved = { node: repo.NodeRef; event: StatusChanged };

/** Moves one node inside the caller's transaction (the node locked), or throws the error. */
async function moveNode(
  tx: Db,
  scope: VendorScope,
  node: repo.NodeRef,
  statusId: number,
  comment: string | null | undefined,
  actorName: string,
): Promise<Moved | undefined> {
  const { context } = await nodeContext(tx, scope.vendor, node, true);
  const to = context?.statuses.find((s) => s.id === statusId);
  if (!context || !to || !sees(scope, context.workflow))
    throw fieldError('workflow-status-not-found', 'status_id');
  if (!context.workflow.isActive) throw new AppError('workflow-inactive');
  if (context.current?.id === to.id) return undefined;
  const verdict = moveVerdict(scope, context, to);
  if (verdict === 'invalid') throw fieldError('workflow-transition-invalid', 'status_id');
  if (verdict === 'forbidden') throw new AppError('workflow-transition-forbidden');
  const firmId = scope.vendor.accountingFirmId;
  await repo.setStatus(tx, firmId, node, to.id, scope.actor.userId, {
    accountingFirmId: firmId,
    ...(node.type === 'document' ? { documentId: node.id } : { folderId: node.id }),
    workflowId: context.workflow.id,
    sharing: context.workflow.sharing,
    fromStatusId: context.current?.id ?? null,
    fromName: context.current?.name ?? null,
    toStatusId: to.id,
    toName: to.name,
    actorId: scope.actor.userId,
    actorName,
    comment: comment ?? null,
  });
  return {
    node,
    event: {
      accountingFirmId: firmId,
      vendorId: scope.vendor.id,
      nodeId: node.id,
      workflowId: context.workflow.id,
      sharing: context.workflow.sharing,
      fromStatusId: context.current?.id ?? null,
      toStatusId: to.id,
      userId: scope.actor.userId,
      side: viewerOf(scope.grant) === 'client' ? 'client' : 'firm',
    },
  };
}

function emit(ctx: AppContext, moved: (Moved | undefined)[]) {
  for (const m of moved)
    if (m)
      ctx.events.emit(
        m.node.type === 'document' ? 'document.status_changed' : 'folder.status_changed',
        m.event,
      );
}

export async function setNodeStatus(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  node: repo.NodeRef,
  input: SetNodeStatusRequest,
): Promise<NodeStatus> {
  const scope = await vendorScope(ctx, actor, vendorId, 'workflow.move');
  const actorName = await repo.userName(ctx.db, actor.userId);
  const moved = await ctx.db.transaction((tx) =>
    moveNode(tx, scope, node, input.status_id, input.comment, actorName),
  );
  emit(ctx, [moved]);
  return nodeStatus(ctx, actor, vendorId, node);
}

/** Moves every node to the status, all or nothing: the refused ones are named in the error. */
export async function bulkSetStatus(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  input: BulkStatusRequest,
): Promise<{ moved: number }> {
  const scope = await vendorScope(ctx, actor, vendorId, 'workflow.move');
  const actorName = await repo.userName(ctx.db, actor.userId);
  const moved = await ctx.db.transaction(async (tx) => {
    const fields: FieldErrors = {};
    let code:
      | 'workflow-transition-invalid'
      | 'workflow-transition-forbidden'
      | 'workflow-status-not-found'
      | undefined;
    const done: (Moved | undefined)[] = [];
    const seen = new Set<string>();
    for (const [i, node] of input.nodes.entries()) {
      if (seen.has(`${node.type}:${node.id}`)) continue;
      seen.add(`${node.type}:${node.id}`);
      try {
        done.push(await moveNode(tx, scope, node, input.status_id, input.comment, actorName));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const reason = error.code === 'not-found' ? 'invalid-id' : error.code;
        fields[`nodes.${i}`] = [reason];
        if (error.code !== 'not-found' && error.code !== 'workflow-inactive')
          code ??= error.code as NonNullable<typeof code>;
      }
    }
    if (Object.keys(fields).length) throw new AppError(code ?? 'validation-failed', { fields });
    return done;
  });
  emit(ctx, moved);
  return { moved: moved.filter(Boolean).length };
}

export async function statusHistory(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  node: repo.NodeRef,
): Promise<StatusHistoryEntry[]> {
  const scope = await vendorScope(ctx, actor, vendorId, 'documents.read');
  await nodeFolder(ctx.db, scope.vendor, node);
  const rows = await repo.history(
    ctx.db,
    scope.vendor.accountingFirmId,
    node,
    VISIBLE_SHARINGS[viewerOf(scope.grant)],
  );
  return rows.map((r) => ({
    from: r.fromStatusId === null ? null : { id: r.fromStatusId, name: r.fromName ?? '' },
    to: { id: r.toStatusId, name: r.toName },
    actor: { id: r.actorId, fullname: r.actorName },
    comment: r.comment,
    at: r.createdAt.toISOString(),
  }));
}

/**
 * Gives a node the initial status of the workflow that applies where it is, unless it already
 * stands in that workflow (or none applies, or it is deactivated: then it keeps what it has).
 */
async function startWhereItIs(
  ctx: AppContext,
  vendor: Vendor,
  node: repo.NodeRef,
  userId: number | null,
  actorName: () => Promise<string>,
) {
  const folderId =
    node.type === 'folder' ? node.id : (await repo.liveDocument(ctx.db, vendor, node.id))?.folderId;
  if (folderId === undefined) return;
  const activation = await repo.effectiveActivation(ctx.db, vendor, folderId);
  if (!activation) return;
  const workflow = await repo.findWorkflow(ctx.db, vendor.accountingFirmId, activation.workflowId);
  if (!workflow?.isActive) return;
  const current = await repo.currentStatus(ctx.db, vendor.accountingFirmId, node);
  if (current?.workflowId === workflow.id) return;
  const statuses = await repo.statusesOf(ctx.db, vendor.accountingFirmId, [workflow.id]);
  const initial = statuses.find((s) => s.isInitial) ?? statuses[0];
  if (!initial) return;
  await repo.setStatus(ctx.db, vendor.accountingFirmId, node, initial.id, userId, {
    accountingFirmId: vendor.accountingFirmId,
    ...(node.type === 'document' ? { documentId: node.id } : { folderId: node.id }),
    workflowId: workflow.id,
    sharing: workflow.sharing,
    fromStatusId: current?.id ?? null,
    fromName: current?.name ?? null,
    toStatusId: initial.id,
    toName: initial.name,
    actorId: userId,
    actorName: await actorName(),
  });
}

/** The actor's name as the history keeps it; a system filing (no person) is named by its system. */
const nameOnce = (ctx: AppContext, userId: number | null, system = 'system') => {
  let name: Promise<string> | undefined;
  return () => {
    name ??= userId === null ? Promise.resolve(system) : repo.userName(ctx.db, userId);
    return name;
  };
};

/**
 * A new document (an upload or a copy) starts at the initial status of its folder's workflow,
 * when that workflow is active. Called after the document's transaction committed.
 */
export async function startNewDocument(
  ctx: AppContext,
  event: {
    accountingFirmId: number;
    vendorId: number;
    documentId: number;
    userId: number | null;
    system?: string;
  },
) {
  const vendor = { id: event.vendorId, accountingFirmId: event.accountingFirmId };
  await startWhereItIs(
    ctx,
    vendor,
    { type: 'document', id: event.documentId },
    event.userId,
    nameOnce(ctx, event.userId, event.system),
  );
}

/**
 * Moved documents and folders (with their content) that land under another workflow restart at
 * its initial status; under the same one they keep theirs. Called after the move committed.
 */
export async function resetMoved(
  ctx: AppContext,
  event: {
    accountingFirmId: number;
    vendorId: number;
    userId: number;
    documentIds: number[];
    folderIds: number[];
  },
) {
  const vendor = { id: event.vendorId, accountingFirmId: event.accountingFirmId };
  const name = nameOnce(ctx, event.userId);
  const sub = await repo.liveSubtrees(ctx.db, vendor, event.folderIds);
  for (const id of sub.folders) await startWhereItIs(ctx, vendor, { type: 'folder', id }, event.userId, name);
  for (const id of new Set([...event.documentIds, ...sub.documents]))
    await startWhereItIs(ctx, vendor, { type: 'document', id }, event.userId, name);
}

/** A node's status as its answers carry it: null when none, or its workflow is hidden from the caller. */
export async function visibleStatus(
  ctx: AppContext,
  actor: Actor,
  vendor: Vendor,
  node: repo.NodeRef,
): Promise<NodeWorkflowStatus | null> {
  const current = await repo.currentStatus(ctx.db, vendor.accountingFirmId, node);
  if (!current) return null;
  const [workflow, grant] = await Promise.all([
    repo.findWorkflow(ctx.db, vendor.accountingFirmId, current.workflowId),
    ctx.access.grantFor(actor, { kind: 'vendor', vendorId: vendor.id }),
  ]);
  return workflow && VISIBLE_SHARINGS[viewerOf(grant)].includes(workflow.sharing) ? statusDto(current) : null;
}
