import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import { membersOf, type TaskRow } from './tasks.repository';

/** The task events (for the notifications to come), emitted on `ctx.events` after the commit. */
export type TaskEvent = {
  accountingFirmId: number;
  vendorId: number;
  taskId: number;
  type: string;
  internal: boolean;
  /** Who made the change (null for a job). */
  actorId: number | null;
};

declare module '../../platform/events/events' {
  interface AppEvents {
    'task.created': TaskEvent;
    'task.updated': TaskEvent;
    'task.done': TaskEvent;
    'task.deleted': TaskEvent;
  }
}

/**
 * Writes the task's notification events in the change's transaction (issue 31), with the task's
 * members at that moment: the fan-out job tells them once the change committed.
 */
export async function recordTaskEvents(
  ctx: AppContext,
  tx: Db,
  row: TaskRow,
  kinds: ('task.created' | 'task.updated' | 'task.done' | 'task.deleted')[],
  actorId: number | null,
): Promise<void> {
  if (kinds.length === 0) return;
  const memberIds = (await membersOf(tx, row.accountingFirmId, [row.id])).map((m) => m.userId);
  await ctx.notifications.record(
    tx,
    kinds.map((kind) => ({
      accountingFirmId: row.accountingFirmId,
      vendorId: row.vendorId,
      kind,
      subject: { type: 'task', id: row.id, name: row.title },
      actorUserId: actorId,
      internal: row.internal,
      memberIds,
    })),
  );
}
