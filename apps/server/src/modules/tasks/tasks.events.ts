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
