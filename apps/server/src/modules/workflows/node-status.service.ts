import type {
  BulkStatusRequest,
  NodeStatus,
  NodeWorkflowStatus,
  SetNodeStatusRequest,
  StatusHistoryEntry,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { can, type Grant } from '../../platform/access/access';
import type { Actor } from '../../platform/auth/sessions';
import { AppError, type FieldErrors, fieldError } from '../../platform/errors/app-error';
import * as tree from '../documents/tree/tree.service';
import * as nodes from './node-status.repository';
import { type VendorScope, vendorScope } from './vendor-workflows.service';
import * as repo from './workflows.repository';
import { viewerOf } from './workflows.service';
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

/**
 * The document manager's theme rule on a folder of the caller's (`tree.findFolder` applies it): a
 * folder hidden from them answers 404; one they see read-only, 403 `theme-read-only` to a change.
 */
export async function assertThemeReach(db: Db, scope: VendorScope, folderId: number, change: boolean) {
  const themes = scope.grant.themes;
  if (!themes) return;
  const vendor = { ...scope.vendor, themes };
  const folder = await tree.findFolder(db, vendor, folderId);
  if (!folder) throw new AppError('not-found');
  if (change) tree.assertFolderWritable(folder, { vendor });
}

/** Whether the caller may change what the folder holds, by theme (it is visible to them). */
async function themeWritable(db: Db, scope: VendorScope, folderId: number): Promise<boolean> {
  try {
    await assertThemeReach(db, scope, folderId, true);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'theme-read-only') return false;
    throw error;
  }
}

/**
 * The folder a node's workflow is looked up from: 404 when the node is not live in the file or
 * lies in a folder hidden from the caller by theme.
 */
async function nodeFolder(db: Db, scope: VendorScope, node: nodes.NodeRef, lock = false): Promise<number> {
  const { vendor } = scope;
  let folderId: number;
  if (node.type === 'folder') {
    const folder = await nodes.liveFolder(db, vendor, node.id, lock);
    if (!folder) throw new AppError('not-found');
    folderId = node.id;
  } else {
    const document = await nodes.liveDocument(db, vendor, node.id, lock);
    if (!document) throw new AppError('not-found');
    folderId = document.folderId;
  }
  await assertThemeReach(db, scope, folderId, false);
  return folderId;
}

/** A live folder the caller sees (404 otherwise); `change`: one they may change by theme (403). */
export async function liveFolderOr404(db: Db, scope: VendorScope, folderId: number, change = false) {
  if (!(await nodes.liveFolder(db, scope.vendor, folderId))) throw new AppError('not-found');
  await assertThemeReach(db, scope, folderId, change);
}

// --- Statuses of nodes --------------------------------------------------------------------------

type Context = {
  workflow: repo.WorkflowRow;
  statuses: repo.StatusRow[];
  transitions: repo.TransitionRow[];
  current: repo.StatusRow | undefined;
};

/** The workflow that applies to a node and where the node stands in it (undefined: none). */
async function nodeContext(db: Db, scope: VendorScope, node: nodes.NodeRef, lock = false) {
  const { vendor } = scope;
  const folderId = await nodeFolder(db, scope, node, lock);
  const activation = await nodes.effectiveActivation(db, vendor, folderId);
  const current = await nodes.currentStatus(db, vendor.accountingFirmId, node);
  if (!activation) return { current, context: undefined, folderId };
  const firmId = vendor.accountingFirmId;
  const workflow = (await repo.findWorkflow(db, firmId, activation.workflowId))!;
  const [statuses, transitions] = await Promise.all([
    repo.statusesOf(db, firmId, [workflow.id]),
    repo.transitionsOf(db, firmId, [workflow.id]),
  ]);
  const inWorkflow = current && current.workflowId === workflow.id ? current : undefined;
  return {
    current,
    context: { workflow, statuses, transitions, current: inWorkflow } satisfies Context,
    folderId,
  };
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
  node: nodes.NodeRef,
): Promise<NodeStatus> {
  const scope = await vendorScope(ctx, actor, vendorId, 'documents.read');
  const { current, context, folderId } = await nodeContext(ctx.db, scope, node);
  let status: NodeWorkflowStatus | null = null;
  if (current) {
    const owner = await repo.findWorkflow(ctx.db, scope.vendor.accountingFirmId, current.workflowId);
    if (owner && sees(scope, owner)) status = statusDto(current);
  }
  if (!context || !sees(scope, context.workflow)) return { status, workflow: null, transitions: [] };
  const mayMove =
    context.workflow.isActive &&
    can(scope.grant, 'workflow.move') &&
    (await themeWritable(ctx.db, scope, folderId));
  const moves = mayMove
    ? context.statuses.filter((s) => s.id !== context.current?.id && moveVerdict(scope, context, s) === 'ok')
    : [];
  return {
    status,
    workflow: { id: context.workflow.id, name: context.workflow.name, is_active: context.workflow.isActive },
    transitions: moves.map(statusDto),
  };
}

type Moved = { node: nodes.NodeRef; event: StatusChanged };
type Refused = { index: number; error: AppError };

/**
 * Moves nodes to a status inside the caller's transaction, all or nothing: the nodes are locked
 * and read in a few statements whatever their number, each checked as a single move would be;
 * when none is refused, their statuses and history lines are written in two statements per kind.
 * A node already there is left alone (no line).
 */
async function moveNodes(
  tx: Db,
  scope: VendorScope,
  list: nodes.NodeRef[],
  statusId: number,
  comment: string | null | undefined,
  actorName: string,
): Promise<{ moved: Moved[]; refused: Refused[] }> {
  const { vendor } = scope;
  const firmId = vendor.accountingFirmId;
  const idsOf = (kind: 'document' | 'folder') => list.filter((n) => n.type === kind).map((n) => n.id);
  const folderOf = {
    document: await nodes.lockLiveNodes(tx, vendor, 'document', idsOf('document')),
    folder: await nodes.lockLiveNodes(tx, vendor, 'folder', idsOf('folder')),
  };
  const activations = await nodes.activationsOf(tx, vendor, [
    ...new Set([...folderOf.document.values(), ...folderOf.folder.values()]),
  ]);
  const workflowIds = [...new Set(activations.values())];
  const workflows = new Map<number, repo.WorkflowRow>();
  for (const id of workflowIds) workflows.set(id, (await repo.findWorkflow(tx, firmId, id))!);
  const statuses = await repo.statusesOf(tx, firmId, workflowIds);
  const transitions = await repo.transitionsOf(tx, firmId, workflowIds);
  const current = {
    document: await nodes.currentStatuses(tx, firmId, 'document', idsOf('document')),
    folder: await nodes.currentStatuses(tx, firmId, 'folder', idsOf('folder')),
  };
  // The theme rule on each folder the nodes lie in: hidden, as absent; seen read-only, refused.
  const reach = new Map<number, 'write' | AppError>();
  for (const folderId of new Set([...folderOf.document.values(), ...folderOf.folder.values()]))
    reach.set(
      folderId,
      await assertThemeReach(tx, scope, folderId, true).then(
        () => 'write' as const,
        (error: unknown) => {
          if (error instanceof AppError) return error;
          throw error;
        },
      ),
    );
  const moved: Moved[] = [];
  const refused: Refused[] = [];
  const side = viewerOf(scope.grant) === 'client' ? 'client' : 'firm';
  for (const [index, node] of list.entries()) {
    const folderId = folderOf[node.type].get(node.id);
    if (folderId === undefined) {
      refused.push({ index, error: new AppError('not-found') });
      continue;
    }
    const themeRefusal = reach.get(folderId);
    if (themeRefusal instanceof AppError) {
      refused.push({ index, error: themeRefusal });
      continue;
    }
    const workflowId = activations.get(folderId);
    const workflow = workflowId === undefined ? undefined : workflows.get(workflowId);
    const now = current[node.type].get(node.id);
    const context: Context | undefined = workflow && {
      workflow,
      statuses: statuses.filter((s) => s.workflowId === workflow.id),
      transitions: transitions.filter((t) => t.workflowId === workflow.id),
      current: now?.workflowId === workflow.id ? now : undefined,
    };
    const to = context?.statuses.find((s) => s.id === statusId);
    let error: AppError | undefined;
    if (!context || !to || !sees(scope, context.workflow))
      error = fieldError('workflow-status-not-found', 'status_id');
    else if (!context.workflow.isActive) error = new AppError('workflow-inactive');
    else if (context.current?.id === to.id) continue;
    else {
      const verdict = moveVerdict(scope, context, to);
      if (verdict === 'invalid') error = fieldError('workflow-transition-invalid', 'status_id');
      if (verdict === 'forbidden') error = new AppError('workflow-transition-forbidden');
    }
    if (error || !context || !to) {
      refused.push({ index, error: error! });
      continue;
    }
    moved.push({
      node,
      event: {
        accountingFirmId: firmId,
        vendorId: vendor.id,
        nodeId: node.id,
        workflowId: context.workflow.id,
        sharing: context.workflow.sharing,
        fromStatusId: context.current?.id ?? null,
        toStatusId: to.id,
        userId: scope.actor.userId,
        side,
      },
    });
  }
  if (refused.length) return { moved: [], refused };
  const names = new Map(statuses.map((s) => [s.id, s.name]));
  for (const kind of ['document', 'folder'] as const) {
    const mine = moved.filter((m) => m.node.type === kind);
    await nodes.setStatuses(
      tx,
      firmId,
      kind,
      mine.map((m) => ({ id: m.node.id, statusId: m.event.toStatusId })),
      scope.actor.userId,
      mine.map(({ node, event }) => ({
        accountingFirmId: firmId,
        ...(kind === 'document' ? { documentId: node.id } : { folderId: node.id }),
        workflowId: event.workflowId,
        sharing: event.sharing,
        fromStatusId: event.fromStatusId,
        fromName: event.fromStatusId === null ? null : (names.get(event.fromStatusId) ?? null),
        toStatusId: event.toStatusId,
        toName: names.get(event.toStatusId)!,
        actorId: scope.actor.userId,
        actorName,
        comment: comment ?? null,
      })),
    );
  }
  return { moved, refused };
}

function emit(ctx: AppContext, moved: Moved[]) {
  for (const m of moved)
    ctx.events.emit(
      m.node.type === 'document' ? 'document.status_changed' : 'folder.status_changed',
      m.event,
    );
}

export async function setNodeStatus(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  node: nodes.NodeRef,
  input: SetNodeStatusRequest,
): Promise<NodeStatus> {
  const scope = await vendorScope(ctx, actor, vendorId, 'workflow.move');
  const actorName = await repo.userName(ctx.db, actor.userId);
  const { moved } = await ctx.db.transaction(async (tx) => {
    const outcome = await moveNodes(tx, scope, [node], input.status_id, input.comment, actorName);
    if (outcome.refused[0]) throw outcome.refused[0].error;
    return outcome;
  });
  emit(ctx, moved);
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
  // Each node once, named in errors by its first place in the request.
  const seen = new Set<string>();
  const unique = input.nodes
    .map((node, index) => ({ node, index }))
    .filter(({ node }) => !seen.has(`${node.type}:${node.id}`) && seen.add(`${node.type}:${node.id}`));
  const moved = await ctx.db.transaction(async (tx) => {
    const outcome = await moveNodes(
      tx,
      scope,
      unique.map((u) => u.node),
      input.status_id,
      input.comment,
      actorName,
    );
    if (!outcome.refused.length) return outcome.moved;
    const fields: FieldErrors = {};
    let code:
      | 'workflow-transition-invalid'
      | 'workflow-transition-forbidden'
      | 'workflow-status-not-found'
      | undefined;
    for (const { index, error } of outcome.refused) {
      fields[`nodes.${unique[index]!.index}`] = [error.code === 'not-found' ? 'invalid-id' : error.code];
      if (error.code !== 'not-found' && error.code !== 'workflow-inactive')
        code ??= error.code as NonNullable<typeof code>;
    }
    throw new AppError(code ?? 'validation-failed', { fields });
  });
  emit(ctx, moved);
  return { moved: moved.length };
}

export async function statusHistory(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  node: nodes.NodeRef,
): Promise<StatusHistoryEntry[]> {
  const scope = await vendorScope(ctx, actor, vendorId, 'documents.read');
  await nodeFolder(ctx.db, scope, node);
  const rows = await nodes.history(
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

/** A node's status as its answers carry it: null when none, or its workflow is hidden from the caller. */
export async function visibleStatus(
  ctx: AppContext,
  actor: Actor,
  vendor: Vendor,
  node: nodes.NodeRef,
): Promise<NodeWorkflowStatus | null> {
  const current = await nodes.currentStatus(ctx.db, vendor.accountingFirmId, node);
  if (!current) return null;
  const [workflow, grant] = await Promise.all([
    repo.findWorkflow(ctx.db, vendor.accountingFirmId, current.workflowId),
    ctx.access.grantFor(actor, { kind: 'vendor', vendorId: vendor.id }),
  ]);
  return workflow && VISIBLE_SHARINGS[viewerOf(grant)].includes(workflow.sharing) ? statusDto(current) : null;
}

/**
 * The statuses a listing is filtered by must be the client file's to use and visible to the
 * caller: another firm's, another client file's, a hidden or an unknown one answer alike (422).
 */
export async function assertFilterStatuses(
  ctx: AppContext,
  grant: Grant,
  vendor: Vendor,
  statusIds: number[],
): Promise<void> {
  const usable = await repo.usableStatusIds(ctx.db, vendor, VISIBLE_SHARINGS[viewerOf(grant)], statusIds);
  if (statusIds.some((id) => !usable.has(id))) throw fieldError('workflow-status-not-found', 'status_ids[]');
}
