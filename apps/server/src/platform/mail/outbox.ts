import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { Mailer, MailMessage } from './mailer';

/**
 * Turns a queued job into the mail to send, when it is sent; null when there is nothing to send
 * (a reset asked for an email without an account). It may write (mint a link's token).
 */
export type OutboxHandler = (payload: unknown) => Promise<MailMessage | null>;

/**
 * The durable mail outbox. A change queues its mails in its own transaction (`enqueue(tx, ...)`),
 * so they exist exactly when the change committed; the worker sends them afterwards, outside any
 * request, retrying with a growing delay. Several processes may run workers: a row is claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease, so a process that dies mid-send leaves it to another
 * (a mail is sent at least once).
 */
export type Outbox = {
  /** Adds kinds of jobs (a module registers the mails it builds when they are sent). */
  register(handlers: Record<string, OutboxHandler>): void;
  /** Queues a job in the caller's transaction; `mail` takes a written `MailMessage`. */
  enqueue(tx: Db, kind: string, payload: object): Promise<void>;
  /** Tells the worker to look now (once the caller's transaction has committed). */
  kick(): void;
  /** Sends every due job; resolves when none is left (tests drive the outbox with it). */
  drain(): Promise<void>;
  /** Polls for due jobs (and kicks answer at once) until `stop`. */
  start(): void;
  /** Stops polling and waits for the current round. */
  stop(): Promise<void>;
};

export const OUTBOX_SETTINGS = {
  pollMs: 5_000,
  batch: 20,
  /** A claimed row is due again after this (its worker died mid-send). */
  leaseSeconds: 10 * 60,
  maxAttempts: 10,
  firstRetrySeconds: 30,
  maxRetrySeconds: 60 * 60,
  keepSentDays: 7,
  keepFailedDays: 30,
};

/** Delay before the retry that follows `attempts` failed attempts: 30 s, 1 min, 2 min... 1 h. */
export const retryDelaySeconds = (attempts: number) =>
  Math.min(
    OUTBOX_SETTINGS.firstRetrySeconds * 2 ** Math.max(attempts - 1, 0),
    OUTBOX_SETTINGS.maxRetrySeconds,
  );

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
type Row = typeof mailOutbox.$inferSelect;

const silent: Log = { warn: () => {}, error: () => {} };

export function createOutbox(options: { db: Db; mailer: Mailer; log?: Log; pollMs?: number }): Outbox {
  const { db, mailer } = options;
  const log = options.log ?? silent;
  const handlers = new Map<string, OutboxHandler>([['mail', async (payload) => payload as MailMessage]]);
  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let lastPurge = 0;

  async function claim(): Promise<Row[]> {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          isNull(mailOutbox.failedAt),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(OUTBOX_SETTINGS.batch)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: sql`now() + make_interval(secs => ${OUTBOX_SETTINGS.leaseSeconds})`,
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  async function deliver(row: Row): Promise<void> {
    try {
      const handler = handlers.get(row.kind);
      if (!handler) throw new Error(`no handler for the mail kind "${row.kind}"`);
      const message = await handler(row.payload);
      if (message) await mailer.send(message);
      await db
        .update(mailOutbox)
        .set({ sentAt: new Date(), lastError: null })
        .where(eq(mailOutbox.id, row.id));
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const giveUp = row.attempts >= OUTBOX_SETTINGS.maxAttempts;
      const retryAt = new Date(Date.now() + retryDelaySeconds(row.attempts) * 1000);
      await db
        .update(mailOutbox)
        .set(giveUp ? { failedAt: new Date(), lastError } : { nextAttemptAt: retryAt, lastError })
        .where(eq(mailOutbox.id, row.id));
      (giveUp ? log.error : log.warn).call(
        log,
        { mailId: row.id, kind: row.kind, attempts: row.attempts, error: lastError },
        giveUp ? 'mail given up' : 'mail failed, will retry',
      );
    }
  }

  /** Deletes old rows once an hour: sent ones after a week, given-up ones after a month. */
  async function purge(): Promise<void> {
    if (Date.now() - lastPurge < 60 * 60 * 1000) return;
    lastPurge = Date.now();
    const day = 24 * 60 * 60 * 1000;
    await db
      .delete(mailOutbox)
      .where(
        or(
          lt(mailOutbox.sentAt, new Date(Date.now() - OUTBOX_SETTINGS.keepSentDays * day)),
          lt(mailOutbox.failedAt, new Date(Date.now() - OUTBOX_SETTINGS.keepFailedDays * day)),
        ),
      );
  }

  async function round(): Promise<void> {
    do {
      again = false;
      for (;;) {
        const rows = await claim();
        if (rows.length === 0) break;
        for (const row of rows) await deliver(row);
      }
      await purge();
    } while (again);
  }

  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = round()
      .catch((error: unknown) => log.error({ err: error }, 'mail outbox round failed'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    register(more) {
      for (const [kind, handler] of Object.entries(more)) handlers.set(kind, handler);
    },
    async enqueue(tx, kind, payload) {
      await tx.insert(mailOutbox).values({ kind, payload });
    },
    kick() {
      if (timer) void drain();
    },
    drain,
    start() {
      if (timer) return;
      timer = setInterval(() => void drain(), options.pollMs ?? OUTBOX_SETTINGS.pollMs);
      timer.unref();
      void drain();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
