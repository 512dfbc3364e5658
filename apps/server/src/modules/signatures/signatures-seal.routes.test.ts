import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsWorld, docsWorld, newFolder, upload } from '../../../test/documents';
import { DRAWN_PNG, FIELD, samplePdf } from '../../../test/signatures';
import {
  accountingFirmModules,
  blobDeletions,
  modules,
  signatureRequests,
  vendorModules,
} from '../../db/schema';
import type { BlobStore } from '../../platform/blobs/blob-store';
import { SEAL_ATTEMPTS } from './seal.service';

let w: DocsWorld;
let pdfId: number;
/** Reads of these blob keys fail (as a store briefly unreachable would), `failures` times in all. */
const failing = { keys: new Set<string>(), failures: 0 };
const base = () => `/api/vendors/${w.vendor}/signatures`;
const db = () => w.t.database.db;

const flaky = (store: BlobStore): BlobStore => ({
  ...store,
  async get(key, range) {
    if (failing.keys.has(key) && failing.failures > 0) {
      failing.failures -= 1;
      throw new Error('blob store unreachable');
    }
    return store.get(key, range);
  },
});

/** A request the client signs in the app: it is `finished`, its seal job queued. */
async function signedByClient(): Promise<{ id: number; blobKey: string }> {
  const { client } = w.portals!.people;
  const created = await w.call('POST', base(), 'expert', {
    document_id: pdfId,
    name: 'Mandat',
    ordering: 'sequential',
    signatories: [{ user_id: client.id, fields: [FIELD] }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as number;
  expect((await w.call('POST', `${base()}/${id}/send`)).status).toBe(200);
  const signed = await w.call('POST', `${base()}/${id}/sign`, 'client', {
    consent: true,
    signature: { type: 'drawn', image: DRAWN_PNG },
  });
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  const rows = await db().execute(
    sql`SELECT status, current_blob_key AS key FROM signature_requests WHERE id = ${id}`,
  );
  const list = (rows as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[]);
  const row = list[0] as { status: string; key: string };
  expect(row.status).toBe('finished');
  return { id, blobKey: row.key };
}

/** The seal jobs waiting for later are due now (time passing), then the queue runs. */
async function runSealJobsNow(): Promise<void> {
  await db().execute(
    sql`UPDATE pgboss.job SET start_after = now() WHERE name = 'signature-seal' AND state IN ('created', 'retry')`,
  );
  await w.t.jobs.drain();
  await w.t.drainMail();
}

const statusOf = async (id: number) => (await w.call('GET', `${base()}/${id}`)).body.data.status as string;

beforeAll(async () => {
  w = await docsWorld({ wrapBlobs: flaky });
  const folder = await newFolder(w, 'Mandats', w.root);
  pdfId = (await upload(w, folder, 'Mandat.pdf', await samplePdf(1))).body.data.id;
}, 180_000);
afterAll(() => w.t.close());

describe('seal retries', () => {
  it('a failed seal is queued again later (not at once) and the retry seals the request', async () => {
    const { id, blobKey } = await signedByClient();
    failing.keys.add(blobKey);
    failing.failures = 1;
    await w.t.jobs.drain();
    expect(failing.failures).toBe(0);
    // Still finished, not in error; the next attempt waits for its delay.
    expect(await statusOf(id)).toBe('finished');
    expect(await w.t.jobs.drain()).toBe(0);
    expect(await statusOf(id)).toBe('finished');
    await runSealJobsNow();
    expect(await statusOf(id)).toBe('completed');
  }, 120_000);

  it(`after ${SEAL_ATTEMPTS} failures the request is in error and the sender is mailed`, async () => {
    const { id, blobKey } = await signedByClient();
    failing.keys.add(blobKey);
    failing.failures = SEAL_ATTEMPTS;
    const before = w.t.mails.length;
    await w.t.jobs.drain();
    for (let i = 1; i < SEAL_ATTEMPTS; i++) {
      expect(await statusOf(id)).toBe('finished');
      await runSealJobsNow();
    }
    expect(failing.failures).toBe(0);
    expect(await statusOf(id)).toBe('error');
    const toSender = w.t.mails.slice(before).filter((m) => m.to === w.portals!.people.expert.email);
    expect(toSender.length).toBeGreaterThan(0);
    // The manual retry starts over, and seals it now the store answers.
    expect((await w.call('POST', `${base()}/${id}/retry`)).body.data.status).toBe('finished');
    await w.t.jobs.drain();
    expect(await statusOf(id)).toBe('completed');
  }, 120_000);
});

describe('the signatures module', () => {
  const draft = () =>
    w.call('POST', base(), 'expert', {
      document_id: pdfId,
      name: 'Mandat',
      ordering: 'parallel',
      signatories: [{ user_id: w.portals!.people.client.id, fields: [FIELD] }],
    });

  it('a client file without it: creating and sending answer 403, changing nothing', async () => {
    const firmId = w.portals!.firms.centre.id;
    const [signatures] = await db().select().from(modules).where(eq(modules.key, 'signatures'));
    const kept = (await draft()).body.data.id as number;
    const count = async () => (await w.call('GET', base())).body.total as number;
    const before = await count();
    // Switched off for this client file.
    await db()
      .insert(vendorModules)
      .values({ accountingFirmId: firmId, vendorId: w.vendor, moduleId: signatures!.id, isActive: false });
    const created = await draft();
    expect([created.status, created.body.code]).toEqual([403, 'forbidden']);
    const sent = await w.call('POST', `${base()}/${kept}/send`);
    expect([sent.status, sent.body.code]).toEqual([403, 'forbidden']);
    expect((await w.call('GET', `${base()}/${kept}`)).body.data.status).toBe('created');
    expect(await count()).toBe(before);
    // The file has it again, but the firm switched it off: still 403.
    await db().delete(vendorModules).where(eq(vendorModules.vendorId, w.vendor));
    const firmRow = and(
      eq(accountingFirmModules.accountingFirmId, firmId),
      eq(accountingFirmModules.moduleId, signatures!.id),
    );
    await db().update(accountingFirmModules).set({ isActive: false }).where(firmRow);
    expect((await draft()).status).toBe(403);
    await db().update(accountingFirmModules).set({ isActive: true }).where(firmRow);
    expect((await draft()).status).toBe(201);
    expect((await w.call('POST', `${base()}/${kept}/send`)).status).toBe(200);
  }, 120_000);
});

describe('intermediate PDFs', () => {
  const queued = async (keys: string[]) =>
    (await db().select().from(blobDeletions)).map((r) => r.blobKey).filter((k) => keys.includes(k));
  const requestRow = async (id: number) =>
    (await db().select().from(signatureRequests).where(eq(signatureRequests.id, id)))[0]!;

  it('completed: the PDFs signed along the way go to the blob cleanup, not the source nor the sealed one', async () => {
    const { client, expert } = w.portals!.people;
    const created = await w.call('POST', base(), 'expert', {
      document_id: pdfId,
      name: 'Mandat à deux',
      ordering: 'sequential',
      signatories: [
        { user_id: client.id, fields: [FIELD] },
        { user_id: expert.id, fields: [{ ...FIELD, y: 0.4 }] },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    await w.call('POST', `${base()}/${id}/send`);
    const source = (await requestRow(id)).currentBlobKey;
    const steps: string[] = [];
    for (const who of ['client', 'expert'] as const) {
      const signed = await w.call('POST', `${base()}/${id}/sign`, who, {
        consent: true,
        signature: { type: 'typed', text: who },
      });
      expect(signed.status, JSON.stringify(signed.body)).toBe(200);
      steps.push((await requestRow(id)).currentBlobKey);
    }
    expect(await queued([source, ...steps])).toEqual([]);
    await w.t.jobs.drain();
    const done = await requestRow(id);
    expect(done.status).toBe('completed');
    expect((await queued([source, ...steps, done.currentBlobKey])).sort()).toEqual([...steps].sort());
  }, 120_000);

  it('canceled: the request holds its source again and the partly signed PDF goes to the cleanup', async () => {
    const { client, expert } = w.portals!.people;
    const created = await w.call('POST', base(), 'expert', {
      document_id: pdfId,
      name: 'Mandat annulé',
      ordering: 'sequential',
      signatories: [
        { user_id: client.id, fields: [FIELD] },
        { user_id: expert.id, fields: [{ ...FIELD, y: 0.4 }] },
      ],
    });
    const id = created.body.data.id as number;
    await w.call('POST', `${base()}/${id}/send`);
    const source = (await requestRow(id)).currentBlobKey;
    await w.call('POST', `${base()}/${id}/sign`, 'client', {
      consent: true,
      signature: { type: 'typed', text: 'client' },
    });
    const partly = (await requestRow(id)).currentBlobKey;
    expect(partly).not.toBe(source);
    const canceled = await w.call('POST', `${base()}/${id}/cancel`, 'expert', { reason: 'fin' });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const row = await requestRow(id);
    expect([row.status, row.currentBlobKey]).toEqual(['canceled', source]);
    expect(await queued([source, partly])).toEqual([partly]);
    // The content route answers the source PDF, still readable.
    expect((await w.call('GET', `${base()}/${id}/content`)).status).toBe(200);
  }, 120_000);
});
