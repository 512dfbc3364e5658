import type { AppContext, NotificationsSeam } from '../../app-context';
import * as repo from './notifications.repository';

/** The fan-out job: one per event, idempotent (a retried job never doubles an item). */
export const FANOUT_JOB = 'notifications.fanout';
export type FanoutJob = { event_ids: number[] };

/** Events written in the producer's transaction, with their fan-out job (`docs/decisions.md`). */
export function notificationsSeam(ctx: () => AppContext): NotificationsSeam {
  return {
    async record(tx, events) {
      const ids = await repo.insertEvents(tx, events);
      if (ids.length) await ctx().jobs.enqueue(tx, FANOUT_JOB, { event_ids: ids } satisfies FanoutJob);
    },
  };
}

export function registerNotificationJobs(ctx: AppContext): void {
  ctx.jobs.register(FANOUT_JOB, async (data) => {
    for (const id of (data as FanoutJob).event_ids) await repo.fanOut(ctx.db, id);
  });
}
