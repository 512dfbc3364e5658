import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupContext, type DocsWorld, docsWorld, sendChunk, upload } from '../../../../test/documents';
import { documentUploadChunks, documentUploads } from '../../../db/schema';
import { cleanup } from './uploads.service';

/** The cleanup of uploads: what it removes from the disk, and what it leaves there. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-upload-cleanup-'));
const uploadsDir = path.join(dataDir, 'uploads');
const KB = 1024;
let w: DocsWorld;
let folder = 0;
beforeAll(async () => {
  w = await docsWorld({ env: { DATA_DIR: dataDir } });
  folder = (
    await w.call('POST', `/api/vendors/${w.vendor}/folders`, 'expert', {
      name: 'Nettoyage',
      parent_id: w.root,
    })
  ).body.data.id;
});
afterAll(async () => {
  await w.t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const db = () => w.t.database.db;
/** The upload's session and its folder on disk (the chunk store's `<firm>/<user>/<upload id>/`). */
async function sessionOf(identifier: string) {
  const [row] = await db().select().from(documentUploads).where(eq(documentUploads.identifier, identifier));
  if (!row) return null;
  return {
    row,
    dir: path.join(uploadsDir, String(row.accountingFirmId), String(row.userId), String(row.id)),
  };
}
/** Ages a session as if its last chunk came `seconds` ago. */
const age = (id: number, seconds: number) =>
  db()
    .update(documentUploads)
    .set({ updatedAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(documentUploads.id, id));
const testChunk = (identifier: string, n: number, who: 'expert' | 'client' = 'expert') =>
  w.call(
    'GET',
    `/api/vendors/${w.vendor}/folders/${folder}/uploads?flowIdentifier=${identifier}&flowChunkNumber=${n}`,
    who,
  );

describe('the cleanup of uploads (DATA_DIR/uploads)', () => {
  it("removes a stale upload's chunks from the disk, and keeps a fresh upload's", async () => {
    const o = { chunkSize: 64 * KB };
    const stale = randomBytes(3 * 64 * KB);
    const fresh = randomBytes(3 * 64 * KB);
    await sendChunk(w, folder, 'ancien.bin', stale, 1, { ...o, identifier: 'stale-upload' });
    await sendChunk(w, folder, 'ancien.bin', stale, 2, { ...o, identifier: 'stale-upload' });
    await sendChunk(w, folder, 'recent.bin', fresh, 2, { ...o, identifier: 'fresh-upload', who: 'client' });
    const old = (await sessionOf('stale-upload'))!;
    const young = (await sessionOf('fresh-upload'))!;
    expect(old.row.userId).not.toBe(young.row.userId);
    expect(fs.statSync(path.join(old.dir, 'data')).size).toBe(2 * 64 * KB);
    expect(fs.existsSync(path.join(young.dir, 'data'))).toBe(true);
    // The stale one was last touched a day and an hour ago (unfinished uploads are kept 24 h).
    await age(old.row.id, 25 * 60 * 60);

    const result = await cleanup(cleanupContext(w, dataDir));
    expect(result.uploads).toBe(1);
    expect(fs.existsSync(old.dir)).toBe(false);
    expect(await sessionOf('stale-upload')).toBeNull();
    expect(
      await db().select().from(documentUploadChunks).where(eq(documentUploadChunks.uploadId, old.row.id)),
    ).toEqual([]);
    expect((await testChunk('stale-upload', 1)).status).toBe(204);
    // The fresh one is whole: its chunk on disk and in the database, and it completes.
    expect(fs.existsSync(path.join(young.dir, 'data'))).toBe(true);
    expect((await testChunk('fresh-upload', 2, 'client')).body.data.chunks).toEqual([2]);
    await sendChunk(w, folder, 'recent.bin', fresh, 1, { ...o, identifier: 'fresh-upload', who: 'client' });
    const done = await sendChunk(w, folder, 'recent.bin', fresh, 3, {
      ...o,
      identifier: 'fresh-upload',
      who: 'client',
    });
    expect(done.body.data.id).toEqual(expect.any(Number));
    const got = await w.t.app.inject({
      method: 'GET',
      url: `/api/vendors/${w.vendor}/documents/${done.body.data.id}/content`,
      headers: { authorization: `Bearer ${w.tokens.expert}` },
    });
    expect(got.rawPayload.equals(fresh)).toBe(true);
    // Assembled, its folder is gone at once.
    expect(fs.existsSync(young.dir)).toBe(false);
  });

  it('removes finished sessions after ten minutes, folders no upload owns, and old staged chunks', async () => {
    const finished = await upload(w, folder, 'fini.txt', Buffer.from('done'), { identifier: 'finished' });
    expect(finished.status).toBe(200);
    const done = (await sessionOf('finished'))!;
    // A finished session is kept a while (a retried completing chunk finds its id), then goes.
    expect((await cleanup(cleanupContext(w, dataDir))).uploads).toBe(0);
    await age(done.row.id, 11 * 60);
    // A folder left by a session gone with its folder or client file, under a known firm.
    const orphan = path.join(
      uploadsDir,
      String(done.row.accountingFirmId),
      String(done.row.userId),
      '2147000000',
    );
    fs.mkdirSync(orphan, { recursive: true });
    fs.writeFileSync(path.join(orphan, 'data'), 'left over');
    // Chunks staged by a process that stopped mid-write: a day old goes, a recent one stays.
    const incoming = path.join(uploadsDir, 'incoming');
    fs.mkdirSync(incoming, { recursive: true });
    const oldStaged = path.join(incoming, 'old.part');
    const newStaged = path.join(incoming, 'new.part');
    fs.writeFileSync(oldStaged, 'old');
    fs.writeFileSync(newStaged, 'new');
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    fs.utimesSync(oldStaged, dayAgo, dayAgo);
    // An upload under way of this firm stays.
    await sendChunk(w, folder, 'encours.bin', randomBytes(2 * 64 * KB), 1, {
      chunkSize: 64 * KB,
      identifier: 'under-way',
    });
    const underWay = (await sessionOf('under-way'))!;

    const result = await cleanup(cleanupContext(w, dataDir));
    expect(result.uploads).toBe(1);
    expect(await sessionOf('finished')).toBeNull();
    expect(fs.existsSync(orphan)).toBe(false);
    expect(fs.existsSync(oldStaged)).toBe(false);
    expect(fs.existsSync(newStaged)).toBe(true);
    expect(fs.existsSync(path.join(underWay.dir, 'data'))).toBe(true);
    expect((await testChunk('under-way', 1)).body.data.chunks).toEqual([1]);
    // The finished document itself is untouched.
    expect((await w.call('GET', `/api/vendors/${w.vendor}/documents/${finished.body.data.id}`)).status).toBe(
      200,
    );
  });
});
