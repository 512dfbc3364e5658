import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsWorld, docsWorld, newFolder, upload } from '../../../../test/documents';
import { TEST_DATA_DIR } from '../../../../test/test-app';
import { diskBlobStore } from '../../../platform/blobs/disk-blob-store';
import { rowsOf } from '../sql-rows.sql';
import { DOCUMENT_TEXT_BACKFILL_JOB, DOCUMENT_TEXT_BACKLOG_JOB } from './text-extraction.service';
import { DOCUMENT_TEXT_JOB } from './text-job';

// Issue 28: a fresh upload's text is read on its own queue, so it is found within seconds while
// a large backfill is still reading the contents filed before (the running workers, as in
// production).

let w: DocsWorld;
let folder: number;
const BACKLOG = 1500;

beforeAll(async () => {
  w = await docsWorld();
  folder = await newFolder(w, 'Arrivées', w.root);
}, 120_000);
afterAll(() => w.t.close());

const pending = async (name: string) =>
  Number(
    rowsOf<{ n: number }>(
      await w.t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${name} AND state IN ('created', 'retry', 'active')`,
      ),
    )[0]!.n,
  );

describe('search: new uploads before the backfill', () => {
  it("queues the backfill's reading jobs apart from the uploads' ones", async () => {
    const res = await upload(w, folder, 'ancien.txt', Buffer.from('Relevé du trimestre passé'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await w.t.jobs.drain();
    const [{ key }] = rowsOf<{ key: string }>(
      await w.t.database.db.execute(
        sql`SELECT v.blob_key AS key FROM documents d JOIN document_versions v ON v.id = d.current_version_id
             WHERE d.id = ${res.body.data.id}`,
      ),
    ) as [{ key: string }];
    // As if it had been filed before the search: the backfill queues its reading.
    await w.t.database.db.execute(sql`DELETE FROM document_texts WHERE source_key = ${key}`);
    await w.t.jobs.enqueue(w.t.database.db, DOCUMENT_TEXT_BACKFILL_JOB, {});
    await w.t.jobs.drain();
    await w.t.jobs.drain();
    const queues = rowsOf<{ name: string }>(
      await w.t.database.db.execute(
        sql`SELECT name FROM pgboss.job WHERE data->>'key' = ${key} ORDER BY created_on, id`,
      ),
    ).map((r) => r.name);
    expect(queues).toEqual([DOCUMENT_TEXT_JOB, DOCUMENT_TEXT_BACKLOG_JOB]);
  });

  it('finds a fresh upload within seconds while the backfill still has contents to read', async () => {
    // The backlog: contents in the blob store without their text, queued as the backfill does.
    const store = diskBlobStore(path.join(TEST_DATA_DIR, 'blobs'));
    const stamp = `${Date.now()}-${Math.random()}`;
    const keys: string[] = [];
    for (let i = 0; i < BACKLOG; i++)
      keys.push((await store.put(Readable.from([Buffer.from(`Relevé ancien ${i} ${stamp}`)]))).key);
    await w.t.database.db.transaction(async (tx) => {
      for (const [i, key] of keys.entries())
        await w.t.jobs.enqueue(tx, DOCUMENT_TEXT_BACKLOG_JOB, { key, name: `ancien-${i}.txt` });
    });
    expect(await pending(DOCUMENT_TEXT_BACKLOG_JOB)).toBe(BACKLOG);

    await w.t.jobs.start();
    try {
      const word = `Wombat${Date.now().toString(36)}`;
      const res = await upload(w, folder, 'nouveau.txt', Buffer.from(`Facture ${word} du jour`));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const started = Date.now();
      let total = 0;
      while (total === 0 && Date.now() - started < 20_000) {
        await new Promise((r) => setTimeout(r, 200));
        total = (await w.call('GET', `/api/vendors/${w.vendor}/search?q=${word}`)).body.total;
      }
      const seconds = (Date.now() - started) / 1000;
      expect(total, `not found after ${seconds} s`).toBe(1);
      // Found while the backfill is still at work: it did not wait behind the backlog.
      const left = await pending(DOCUMENT_TEXT_BACKLOG_JOB);
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(BACKLOG);
    } finally {
      await w.t.jobs.stop();
    }
    // The backlog's jobs read real contents (the same store as the app's).
    const read = rowsOf<{ n: number }>(
      await w.t.database.db.execute(
        sql`SELECT count(*)::int AS n FROM document_texts WHERE content LIKE ${`%${stamp}%`}`,
      ),
    )[0]!.n;
    expect(Number(read)).toBeGreaterThan(0);
  }, 120_000);
});
