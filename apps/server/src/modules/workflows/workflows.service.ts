import {
  type CreateWorkflowRequest,
  DEFAULT_STATUS_COLOUR,
  type UpdateWorkflowRequest,
  type Workflow,
  type WorkflowStatusInput,
  type WorkflowTransitionInput,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/auth/sessions';
import { AppError, type FieldErrors, fieldError } from '../../platform/errors/app-error';
import * as repo from './workflows.repository';
import { viewerOf } from './workflows.sql';

export { viewerOf };

/** Who owns a workflow: the firm (vendorId null) or one of its client files. */
export type Owner = { accountingFirmId: number; vendorId: number | null };

export function toWorkflowDto(
  row: repo.WorkflowRow,
  statuses: repo.StatusRow[] | undefined,
  transitions: repo.TransitionRow[] | undefined,
  folderCount: number,
): Workflow {
  const keyOf = new Map((statuses ?? []).map((s) => [s.id, s.key]));
  return {
    id: row.id,
    accounting_firm_id: row.accountingFirmId,
    vendor_id: row.vendorId,
    name: row.name,
    sharing: row.sharing,
    is_active: row.isActive,
    ...(statuses
      ? {
          statuses: statuses.map((s) => ({
            id: s.id,
            key: s.key,
            name: s.name,
            colour: s.colour,
            position: s.position,
            is_initial: s.isInitial,
            is_final: s.isFinal,
          })),
          transitions: (transitions ?? []).map((t) => ({
            from: keyOf.get(t.fromStatusId) ?? '',
            to: keyOf.get(t.toStatusId) ?? '',
            from_status_id: t.fromStatusId,
            to_status_id: t.toStatusId,
            movers: t.movers as ('firm' | 'client')[],
            user_ids: t.userIds,
          })),
        }
      : {}),
    folder_count: folderCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The answers of a list of workflows, with their statuses and transitions when asked. */
export async function workflowDtos(db: Db, firmId: number, rows: repo.WorkflowRow[], withStatuses = true) {
  const ids = rows.map((r) => r.id);
  const [statuses, transitions, counts] = await Promise.all([
    withStatuses ? repo.statusesOf(db, firmId, ids) : [],
    withStatuses ? repo.transitionsOf(db, firmId, ids) : [],
    repo.folderCounts(db, firmId, ids),
  ]);
  return rows.map((r) =>
    toWorkflowDto(
      r,
      withStatuses ? statuses.filter((s) => s.workflowId === r.id) : undefined,
      withStatuses ? transitions.filter((t) => t.workflowId === r.id) : undefined,
      counts.get(r.id) ?? 0,
    ),
  );
}

export async function oneDto(db: Db, row: repo.WorkflowRow): Promise<Workflow> {
  return (await workflowDtos(db, row.accountingFirmId, [row]))[0]!;
}

/**
 * The statuses and transitions of a request checked against each other (keys and names unique,
 * transitions between known distinct keys, once each), and the people it names against those
 * one may name. Throws 422 with every field at fault.
 */
async function checkShape(
  db: Db,
  owner: Owner,
  statuses: WorkflowStatusInput[],
  transitions: WorkflowTransitionInput[] | undefined,
  existing: repo.StatusRow[],
) {
  if (statuses.length === 0) throw fieldError('workflow-needs-a-status', 'statuses');
  const fields: FieldErrors = {};
  const add = (field: string, key: string) => {
    fields[field] = [...(fields[field] ?? []), key];
  };
  const keys = new Map<string, number>();
  const names = new Set<string>();
  const existingIds = new Set(existing.map((s) => s.id));
  const seenIds = new Set<number>();
  let code: 'workflow-status-name-duplicate' | 'workflow-status-key-duplicate' | undefined;
  statuses.forEach((s, i) => {
    if (keys.has(s.key)) {
      add(`statuses.${i}.key`, 'workflow-status-key-duplicate');
      code ??= 'workflow-status-key-duplicate';
    }
    keys.set(s.key, i);
    const name = s.name.toLowerCase();
    if (names.has(name)) {
      add(`statuses.${i}.name`, 'workflow-status-name-duplicate');
      code ??= 'workflow-status-name-duplicate';
    }
    names.add(name);
    if (s.id !== undefined && (!existingIds.has(s.id) || seenIds.has(s.id)))
      add(`statuses.${i}.id`, 'workflow-status-not-found');
    if (s.id !== undefined) seenIds.add(s.id);
  });
  if (statuses.filter((s) => s.is_initial).length > 1)
    add(`statuses.${statuses.findLastIndex((s) => s.is_initial)}.is_initial`, 'invalid-value');
  const pairs = new Set<string>();
  let transitionInvalid = false;
  for (const [i, t] of (transitions ?? []).entries()) {
    const pair = `${t.from}\u0000${t.to}`;
    if (!keys.has(t.from) || !keys.has(t.to) || t.from === t.to || pairs.has(pair)) {
      add(`transitions.${i}`, 'workflow-transition-invalid');
      transitionInvalid = true;
    }
    pairs.add(pair);
  }
  const named = new Set((transitions ?? []).flatMap((t) => t.user_ids ?? []));
  let userUnknown = false;
  if (named.size) {
    const people = new Set(
      (await repo.peopleOf(db, owner.accountingFirmId, owner.vendorId)).map((p) => p.id),
    );
    for (const [i, t] of (transitions ?? []).entries())
      for (const [j, id] of (t.user_ids ?? []).entries())
        if (!people.has(id)) {
          add(`transitions.${i}.user_ids.${j}`, 'workflow-user-unknown');
          userUnknown = true;
        }
  }
  if (Object.keys(fields).length === 0) return;
  const first = Object.values(fields)[0]![0]!;
  throw new AppError(
    code ??
      (first === 'workflow-status-not-found'
        ? 'workflow-status-not-found'
        : transitionInvalid
          ? 'workflow-transition-invalid'
          : userUnknown
            ? 'workflow-user-unknown'
            : 'validation-failed'),
    { fields },
  );
}

/** Each status to its neighbours, by anyone who may write (the default transitions). */
const neighbourTransitions = (keys: string[]): WorkflowTransitionInput[] =>
  keys.flatMap((key, i) => [
    ...(i > 0 ? [{ from: key, to: keys[i - 1]!, movers: ['firm', 'client'] as ('firm' | 'client')[] }] : []),
    ...(i < keys.length - 1
      ? [{ from: key, to: keys[i + 1]!, movers: ['firm', 'client'] as ('firm' | 'client')[] }]
      : []),
  ]);

async function writeTransitions(
  tx: Db,
  owner: Owner,
  workflowId: number,
  transitions: WorkflowTransitionInput[],
  idOfKey: Map<string, number>,
) {
  await repo.replaceTransitions(
    tx,
    owner.accountingFirmId,
    workflowId,
    transitions.map((t) => ({
      fromStatusId: idOfKey.get(t.from)!,
      toStatusId: idOfKey.get(t.to)!,
      movers: [...new Set(t.movers)],
      userIds: [...new Set(t.user_ids ?? [])],
    })),
  );
}

const initialIndex = (statuses: WorkflowStatusInput[]) =>
  Math.max(
    0,
    statuses.findIndex((s) => s.is_initial),
  );

async function assertNameFree(db: Db, owner: Owner, name: string, except?: number) {
  if (await repo.nameTaken(db, owner.accountingFirmId, owner.vendorId, name, except))
    throw fieldError('workflow-name-already-used', 'name');
}

const uniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

export async function createWorkflow(
  ctx: AppContext,
  actor: Actor,
  owner: Owner,
  input: CreateWorkflowRequest,
): Promise<Workflow> {
  const sharing = input.sharing ?? 'shared';
  if (sharing === 'private_vendor' && owner.vendorId === null)
    throw fieldError('workflow-private-vendor-on-firm', 'sharing');
  await checkShape(ctx.db, owner, input.statuses, input.transitions, []);
  const row = await ctx.db
    .transaction(async (tx) => {
      await assertNameFree(tx, owner, input.name);
      const workflow = await repo.insertWorkflow(tx, {
        accountingFirmId: owner.accountingFirmId,
        vendorId: owner.vendorId,
        name: input.name,
        sharing,
        isActive: input.is_active ?? true,
        createdBy: actor.userId,
      });
      const initial = initialIndex(input.statuses);
      const idOfKey = new Map<string, number>();
      for (const [i, s] of input.statuses.entries()) {
        const status = await repo.insertStatus(tx, {
          accountingFirmId: owner.accountingFirmId,
          workflowId: workflow.id,
          key: s.key,
          name: s.name,
          colour: s.colour ?? DEFAULT_STATUS_COLOUR,
          position: i,
          isInitial: i === initial,
          isFinal: s.is_final ?? false,
        });
        idOfKey.set(s.key, status.id);
      }
      const transitions = input.transitions ?? neighbourTransitions(input.statuses.map((s) => s.key));
      await writeTransitions(tx, owner, workflow.id, transitions, idOfKey);
      return workflow;
    })
    .catch((error) => {
      throw uniqueViolation(error) ? fieldError('workflow-name-already-used', 'name') : error;
    });
  return oneDto(ctx.db, row);
}

/**
 * Changes a workflow. `statuses`, when given, is the whole new list: an existing id left out is
 * deleted, its nodes taking the previous status (the one before it in the old order that stays;
 * the first's go to the new first). `transitions`, when given, replace them all.
 */
export async function updateWorkflow(
  ctx: AppContext,
  owner: Owner,
  workflow: repo.WorkflowRow,
  input: UpdateWorkflowRequest,
): Promise<Workflow> {
  const firmId = owner.accountingFirmId;
  if (input.sharing === 'private_vendor' && owner.vendorId === null)
    throw fieldError('workflow-private-vendor-on-firm', 'sharing');
  await ctx.db
    .transaction(async (tx) => {
      const locked = await repo.findWorkflow(tx, firmId, workflow.id, true);
      if (!locked) throw new AppError('not-found');
      const existing = await repo.statusesOf(tx, firmId, [workflow.id]);
      if (input.statuses || input.transitions) {
        const statuses =
          input.statuses ??
          existing.map((s) => ({ id: s.id, key: s.key, name: s.name, is_initial: s.isInitial }));
        await checkShape(tx, owner, statuses, input.transitions, existing);
      }
      if (input.name !== undefined) await assertNameFree(tx, owner, input.name, workflow.id);
      await repo.updateWorkflow(tx, firmId, workflow.id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.sharing !== undefined ? { sharing: input.sharing } : {}),
        ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
      });
      const idOfKey = new Map(existing.map((s) => [s.key, s.id]));
      if (input.statuses) {
        const kept = new Set(input.statuses.flatMap((s) => (s.id === undefined ? [] : [s.id])));
        // Keys may swap between statuses: free them all before writing the new ones.
        for (const s of existing) await repo.updateStatus(tx, firmId, s.id, { key: `~${s.id}` });
        const initial = initialIndex(input.statuses);
        idOfKey.clear();
        const newIds: number[] = [];
        for (const [i, s] of input.statuses.entries()) {
          const values = {
            key: s.key,
            name: s.name,
            position: i,
            isInitial: i === initial,
            isFinal: s.is_final ?? false,
            ...(s.colour ? { colour: s.colour } : {}),
          };
          if (s.id !== undefined) {
            await repo.updateStatus(tx, firmId, s.id, values);
            idOfKey.set(s.key, s.id);
            newIds.push(s.id);
          } else {
            const created = await repo.insertStatus(tx, {
              ...values,
              colour: s.colour ?? DEFAULT_STATUS_COLOUR,
              accountingFirmId: firmId,
              workflowId: workflow.id,
            });
            idOfKey.set(s.key, created.id);
            newIds.push(created.id);
          }
        }
        for (const [i, s] of existing.entries()) {
          if (kept.has(s.id)) continue;
          const previous = existing
            .slice(0, i)
            .reverse()
            .find((p) => kept.has(p.id));
          await repo.deleteStatusInto(tx, firmId, s.id, previous?.id ?? newIds[0]!);
        }
      }
      if (input.transitions) await writeTransitions(tx, owner, workflow.id, input.transitions, idOfKey);
    })
    .catch((error) => {
      throw uniqueViolation(error) ? fieldError('workflow-name-already-used', 'name') : error;
    });
  return oneDto(ctx.db, (await repo.findWorkflow(ctx.db, firmId, workflow.id))!);
}

/** Deletes a workflow: its statuses leave every node (the history keeps their names). */
export async function deleteWorkflow(ctx: AppContext, workflow: repo.WorkflowRow): Promise<void> {
  await repo.deleteWorkflow(ctx.db, workflow.accountingFirmId, workflow.id);
}
