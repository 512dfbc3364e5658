import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema';
import type { MailMessage } from '../src/platform/mail/mailer';
import { createOutbox, OUTBOX_SETTINGS, retryDelaySeconds } from '../src/platform/mail/outbox';
import { createTestApp, type TestApp } from './test-app';

/** The durable outbox: retries with a growing delay, gives up in the end, survives a restart. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const message = (to: string): MailMessage => ({ to, subject: 'Sujet', text: 'Texte' });
const rowFor = async (to: string) => {
  const rows = await t.database.db.select().from(mailOutbox);
  return rows.find((row) => (row.payload as MailMessage).to === to)!;
};

describe('mail outbox', () => {
  it('retries a failed mail later, with a growing delay, then sends it', async () => {
    let fail = true;
    const sent: MailMessage[] = [];
    const outbox = createOutbox({
      db: t.database.db,
      mailer: {
        send: async (m) => {
          if (fail) throw new Error('SMTP down');
          sent.push(m);
        },
      },
    });
    await outbox.enqueue(t.database.db, 'mail', message('retry@outbox.test'));
    const before = Date.now();
    await outbox.drain();
    let row = await rowFor('retry@outbox.test');
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, lastError: 'SMTP down' });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 29_000);
    // Not due yet: a new round leaves it.
    await outbox.drain();
    expect((await rowFor('retry@outbox.test')).attempts).toBe(1);

    fail = false;
    await t.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, row.id));
    await outbox.drain();
    row = await rowFor('retry@outbox.test');
    expect(row.sentAt).not.toBeNull();
    expect(row.attempts).toBe(2);
    expect(sent.map((m) => m.to)).toEqual(['retry@outbox.test']);
    expect([1, 2, 3, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 3600]);
  });

  it('gives a mail up after the last attempt', async () => {
    const outbox = createOutbox({
      db: t.database.db,
      mailer: { send: async () => Promise.reject(new Error('no')) },
    });
    await outbox.enqueue(t.database.db, 'mail', message('never@outbox.test'));
    const row = await rowFor('never@outbox.test');
    await t.database.db
      .update(mailOutbox)
      .set({ attempts: OUTBOX_SETTINGS.maxAttempts - 1 })
      .where(eq(mailOutbox.id, row.id));
    await outbox.drain();
    expect(await rowFor('never@outbox.test')).toMatchObject({
      attempts: OUTBOX_SETTINGS.maxAttempts,
      sentAt: null,
    });
    expect((await rowFor('never@outbox.test')).failedAt).not.toBeNull();
  });

  it('survives a restart: what one process queued (or died sending) another sends', async () => {
    const first = createOutbox({ db: t.database.db, mailer: { send: async () => {} } });
    await first.enqueue(t.database.db, 'mail', message('queued@outbox.test'));
    // A second row claimed by a worker that died mid-send: its lease ran out.
    await first.enqueue(t.database.db, 'mail', message('orphan@outbox.test'));
    const orphan = await rowFor('orphan@outbox.test');
    await t.database.db
      .update(mailOutbox)
      .set({ attempts: 1, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, orphan.id));

    const sent: MailMessage[] = [];
    const restarted = createOutbox({ db: t.database.db, mailer: { send: async (m) => void sent.push(m) } });
    await restarted.drain();
    expect(sent.map((m) => m.to).sort()).toEqual(['orphan@outbox.test', 'queued@outbox.test']);
    await restarted.drain();
    expect(sent).toHaveLength(2);
  });

  it('queues with the transaction: a rolled-back change sends nothing', async () => {
    const sent: MailMessage[] = [];
    const outbox = createOutbox({ db: t.database.db, mailer: { send: async (m) => void sent.push(m) } });
    await expect(
      t.database.db.transaction(async (tx) => {
        await outbox.enqueue(tx, 'mail', message('rolled-back@outbox.test'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await outbox.drain();
    expect(sent).toEqual([]);
  });

  it('runs its own worker: a kick sends at once, stop waits for the round', async () => {
    const sent: MailMessage[] = [];
    const outbox = createOutbox({ db: t.database.db, mailer: { send: async (m) => void sent.push(m) } });
    outbox.start();
    await outbox.enqueue(t.database.db, 'mail', message('kicked@outbox.test'));
    outbox.kick();
    await expect.poll(() => sent.map((m) => m.to)).toContain('kicked@outbox.test');
    await outbox.stop();
  });
});
