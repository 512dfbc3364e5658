import type { AppContext } from '../../../app-context';
import * as repo from './retention.repository';

/** The job that empties old trash and old versions, portal by portal (queued every hour). */
export const STORAGE_RETENTION_JOB = 'storage-retention';
const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Applies every portal's retention: what its trash holds for longer than its setting goes for
 * good, and versions beyond its limit (never a validated one). A client file under legal hold is
 * skipped, as seen under the lock each client file is handled with. Runs again harmlessly.
 */
export async function applyRetention(ctx: AppContext): Promise<{ documents: number; versions: number }> {
  let documents = 0;
  let versions = 0;
  for (const firm of await repo.retainingFirms(ctx.db)) {
    for (const id of await repo.vendorsToRetain(ctx.db, firm)) {
      const vendor = { id, accountingFirmId: firm.accountingFirmId };
      await ctx.db.transaction(async (tx) => {
        if ((await repo.lockForRemoval(tx, vendor)).held) return;
        if (firm.trashDays > 0) documents += await repo.emptyTrashBefore(tx, vendor, firm.trashDays);
        if (firm.keepVersions !== null)
          versions += await repo.removeOldVersions(tx, vendor, firm.keepVersions);
      });
    }
  }
  return { documents, versions };
}

/** Adds the job to the queue's kinds (before the queue's `init`). */
export function registerRetentionJob(ctx: AppContext): void {
  ctx.jobs.register(STORAGE_RETENTION_JOB, async () => void (await applyRetention(ctx)));
}

/** Queues a run of the retention job (the hourly timer; tests drain it). */
export async function queueRetention(ctx: AppContext): Promise<void> {
  await ctx.jobs.enqueue(ctx.db, STORAGE_RETENTION_JOB, {});
}

/** Queues the job every hour while the app runs (each process: runs are idempotent). */
export function retentionTimer(ctx: AppContext, log: { error(o: object, m: string): void }) {
  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      timer = setInterval(() => {
        queueRetention(ctx).catch((error) => log.error({ err: error }, 'queueing the retention job failed'));
      }, RETENTION_INTERVAL_MS).unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
}
