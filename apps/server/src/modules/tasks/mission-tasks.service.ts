import type { TemplateTask } from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import type { TaskEvent } from './tasks.events';
import * as repo from './tasks.repository';

/** One occurrence of a mission service: a parent task and its template's tasks as sub-tasks. */
export type OccurrenceTasks = {
  accountingFirmId: number;
  vendorId: number;
  missionId: number;
  title: string;
  dueDate: string;
  note: string | null;
  managerId: number | null;
  collaboratorIds: number[];
  template: TemplateTask[];
};

const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * Creates an occurrence's tasks inside the caller's transaction (issue 30): a `firm_task` parent
 * linked to the mission, the manager and collaborators as its members, then the template's tasks
 * as its sub-tasks (one level: the template's own parents are flattened), each due at the
 * occurrence's due date plus its offset, assigned to the manager or the collaborators, with the
 * template's dependencies. Members no longer in the firm are left out. Returns the parent and the
 * events to emit once the transaction commits (`emitCreated`).
 */
export async function createOccurrenceTasks(
  tx: Db,
  o: OccurrenceTasks,
): Promise<{ parent: repo.TaskRow; events: TaskEvent[] }> {
  const base = { accountingFirmId: o.accountingFirmId, vendorId: o.vendorId, internal: false };
  const wanted = [...new Set([o.managerId, ...o.collaboratorIds].filter((id): id is number => id !== null))];
  const eligible = await repo.eligibleMembers(tx, base, wanted);
  const manager = o.managerId !== null && eligible.has(o.managerId) ? [o.managerId] : [];
  const collaborators = o.collaboratorIds.filter((id) => eligible.has(id));
  const insert = (title: string, dueDate: string, parentId: number | null, note: string | null) =>
    repo.insertTask(tx, {
      ...base,
      missionId: o.missionId,
      parentId,
      title,
      type: 'firm_task',
      status: 'to_do',
      dueDate,
      note,
    });
  const parent = await insert(o.title, o.dueDate, null, o.note);
  await repo.setMembers(
    tx,
    parent,
    wanted.filter((id) => eligible.has(id)),
  );
  const events: TaskEvent[] = [eventOf(parent)];
  const byKey = new Map<string, repo.TaskRow>();
  for (const t of o.template) {
    const row = await insert(t.title, addDays(o.dueDate, t.offset_days), parent.id, null);
    const members = t.assignee === 'collaborators' && collaborators.length > 0 ? collaborators : manager;
    await repo.setMembers(tx, row, members);
    byKey.set(t.key, row);
    events.push(eventOf(row));
  }
  for (const t of o.template) {
    const deps = t.depends_on.flatMap((k) => (byKey.has(k) ? [byKey.get(k)!.id] : []));
    if (deps.length > 0) await repo.setDependencies(tx, byKey.get(t.key)!, deps);
  }
  return { parent, events };
}

const eventOf = (row: repo.TaskRow): TaskEvent => ({
  accountingFirmId: row.accountingFirmId,
  vendorId: row.vendorId,
  taskId: row.id,
  type: row.type,
  internal: row.internal,
  actorId: null,
});

/** The `task.created` events of tasks created by a committed transaction. */
export function emitCreated(ctx: AppContext, events: TaskEvent[]): void {
  for (const event of events) ctx.events.emit('task.created', event);
}

export type { TaskEvent } from './tasks.events';
