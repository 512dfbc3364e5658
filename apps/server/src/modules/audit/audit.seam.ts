import type { AuditRecord, AuditSeam } from '../../app-context';
import type { Db } from '../../db/client';
import type { RequestContext, RequestMeta } from '../../platform/http/request-context';
import * as repo from './audit.repository';

/** Reads buffered before a write: at most this many rows, or this long. */
const BATCH_ROWS = 100;
const BATCH_MS = 1000;

const toRow = (event: AuditRecord, meta: RequestMeta | null, at?: Date): repo.AuditInsert => ({
  ...(at ? { occurredAt: at } : {}),
  accountingFirmId: event.accountingFirmId,
  vendorId: event.vendorId ?? null,
  actorUserId: event.actorUserId,
  actorKind: event.actorKind ?? (event.actorUserId === null ? 'system' : 'user'),
  action: event.action,
  subjectType: event.subject?.type ?? null,
  subjectId: event.subject ? String(event.subject.id) : null,
  subjectName: event.subject?.name?.slice(0, 500) ?? null,
  ip: meta?.ip ?? null,
  userAgent: meta?.userAgent ?? null,
  requestId: meta?.requestId ?? null,
  details: event.details ?? {},
});

/**
 * The audit log's writer for one app: `record` in the caller's transaction, `recordRead` into a
 * buffer written every second or 100 rows (and by `flush`, which the app calls on close). A failed
 * batch write is logged, never thrown at a download.
 */
export function auditSeam(
  db: Db,
  request: RequestContext,
  log: { error(o: object, m: string): void },
): AuditSeam & { close(): Promise<void> } {
  let buffer: repo.AuditInsert[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const flush = async () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const rows = buffer;
    buffer = [];
    if (rows.length > 0) {
      writing = writing.then(() =>
        repo.insertEvents(db, rows).catch((error) => log.error({ err: error }, 'audit: reads not written')),
      );
    }
    await writing;
  };

  return {
    async record(tx, events) {
      const meta = request.current();
      await repo.insertEvents(
        tx,
        (Array.isArray(events) ? events : [events]).map((e) => toRow(e, meta)),
      );
    },
    recordRead(event) {
      // The time of the act, not of the write.
      buffer.push(toRow(event, request.current(), new Date()));
      if (buffer.length >= BATCH_ROWS) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), BATCH_MS);
        timer.unref();
      }
    },
    flush,
    close: flush,
  };
}
