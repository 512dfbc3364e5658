import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsWorld, docsWorld, newFolder, upload } from '../../../test/documents';
import { FIELD, samplePdf } from '../../../test/signatures';
import { signatories } from '../../db/schema';

let w: DocsWorld;
let pdfId: number;
let firmId: number;
const base = () => `/api/vendors/${w.vendor}/signatures`;
const outsider = (email: string) => ({ email, firstname: 'Olivia', lastname: 'Outsider', fields: [FIELD] });
const db = () => w.t.database.db;
const reminders = (email: string) => w.t.mails.filter((m) => m.to === email && /^Rappel/.test(m.subject));

/** A parallel request sent to `people`, reminded every day: its id. */
async function sent(people: Record<string, unknown>[]): Promise<number> {
  const res = await w.call('POST', base(), 'expert', {
    document_id: pdfId,
    name: 'Mandat',
    ordering: 'parallel',
    reminder_every_days: 1,
    signatories: people,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect((await w.call('POST', `${base()}/${res.body.data.id}/send`)).status).toBe(200);
  return res.body.data.id;
}

async function remindJob(requestId: number) {
  await w.t.jobs.enqueue(db(), 'signature-reminder', { firmId, requestId });
  await w.t.jobs.drain();
  await w.t.drainMail();
}

beforeAll(async () => {
  w = await docsWorld();
  firmId = w.portals!.firms.centre.id;
  const folder = await newFolder(w, 'Mandats', w.root);
  pdfId = (await upload(w, folder, 'Mandat.pdf', await samplePdf(1))).body.data.id;
}, 120_000);
afterAll(() => w.t.close());

describe('the daily reminder cap', () => {
  it('mails a person asked on several requests at most once a day, by account or by email', async () => {
    const client = w.portals!.people.client;
    const clientUser = { user_id: client.id, fields: [FIELD] };
    const first = await sent([clientUser, outsider('shared@out.test')]);
    // The same outsider (the address in another case), and a person only this request asks.
    const second = await sent([clientUser, outsider('Shared@Out.test'), outsider('only@out.test')]);
    await remindJob(first);
    expect(reminders(client.email)).toHaveLength(1);
    expect(reminders('shared@out.test')).toHaveLength(1);
    // The second request's reminder, the same day: only the person not reminded today.
    await remindJob(second);
    expect(reminders(client.email)).toHaveLength(1);
    expect(reminders('shared@out.test')).toHaveLength(1);
    expect(reminders('only@out.test')).toHaveLength(1);
    const audit = (await w.call('GET', `${base()}/${second}/audit`)).body.data;
    expect(audit.events.filter((e: { kind: string }) => e.kind === 'reminded')).toHaveLength(1);

    // A day later, the second request's reminder reaches them.
    await db()
      .update(signatories)
      .set({ remindedAt: sql`now() - interval '25 hours'` })
      .where(eq(signatories.accountingFirmId, firmId));
    await remindJob(second);
    expect(reminders(client.email)).toHaveLength(2);
    expect(reminders('shared@out.test')).toHaveLength(2);
    expect(reminders('only@out.test')).toHaveLength(2);
    // And the first request's, the same day, no one.
    await remindJob(first);
    expect(reminders(client.email)).toHaveLength(2);
    expect(reminders('shared@out.test')).toHaveLength(2);

    // The sender's own "relancer" is not capped (only its hour between two).
    expect((await w.call('POST', `${base()}/${first}/remind`)).status).toBe(200);
    await w.t.drainMail();
    expect(reminders(client.email)).toHaveLength(3);
    for (const id of [first, second])
      await w.call('POST', `${base()}/${id}/cancel`, 'expert', { reason: 'fin' });
  }, 90_000);
});
