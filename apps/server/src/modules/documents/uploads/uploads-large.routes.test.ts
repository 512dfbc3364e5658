import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsWorld, docsWorld, md5, restarted, sendChunk, upload } from '../../../../test/documents';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-uploads-large-'));
let w: DocsWorld;
let folder = 0;
beforeAll(async () => {
  w = await docsWorld({ env: { DATA_DIR: dataDir } });
  folder = (
    await w.call('POST', `/api/vendors/${w.vendor}/folders`, 'expert', { name: 'Large', parent_id: w.root })
  ).body.data.id;
});
afterAll(async () => {
  await w.t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const MiB = 1024 * 1024;
const chunkSize = 5 * 1024 * 1024;
/** Large enough to be hashed on a worker thread as its chunks arrive: 6 chunks. */
const large = () => randomBytes(33 * MiB);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function content(world: DocsWorld, id: number) {
  const res = await world.t.app.inject({
    method: 'GET',
    url: `/api/vendors/${world.vendor}/documents/${id}/content`,
    headers: { authorization: `Bearer ${world.tokens.expert}` },
  });
  return res.rawPayload;
}
const versions = async (world: DocsWorld, id: number) =>
  (await world.call('GET', `/api/vendors/${world.vendor}/documents/${id}/versions`)).body.data;
/** Files left under the uploads folder (the upload's own file goes once it is a blob). */
const uploadFiles = () =>
  (fs.readdirSync(path.join(dataDir, 'uploads'), { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => d.name);

describe('a large upload (hashed on another thread as its chunks arrive)', () => {
  const bytes = large();

  it('is assembled and checked whatever the order: the version keeps the MD5, the content reads back whole', async () => {
    for (const [name, order] of [
      ['large.bin', [2, 1, 4, 3, 6, 5]],
      ['reversed.bin', [6, 5, 4, 3, 2, 1]],
    ] as const) {
      const res = await upload(w, folder, name, bytes, { chunkSize, order: [...order] });
      expect(res.status, name).toBe(200);
      const id = res.body.data.id;
      expect((await versions(w, id))[0]).toMatchObject({ md5: md5(bytes), size: bytes.length });
      expect(md5(await content(w, id))).toBe(md5(bytes));
    }
    // The blob is the upload's file under its sha256: nothing is left in the uploads folder.
    expect(fs.existsSync(path.join(dataDir, 'blobs', sha256(bytes).slice(0, 2)))).toBe(true);
    expect(uploadFiles()).toEqual([]);
  });

  it('refuses a file whose MD5 differs (checksum-failed) and keeps nothing', async () => {
    const res = await upload(w, folder, 'corrupt.bin', bytes, {
      chunkSize,
      md5: md5(Buffer.from('other')),
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('checksum-failed');
    const names = (await w.call('GET', `/api/vendors/${w.vendor}/folders/${folder}/nodes`)).body.data.map(
      (n: { name: string }) => n.name,
    );
    expect(names).not.toContain('corrupt.bin');
    expect(uploadFiles()).toEqual([]);
  });

  it('keeps the first bytes of a chunk sent again with other bytes (what was hashed is what is kept)', async () => {
    const original = large();
    const o = { chunkSize, identifier: 'twice-1' };
    expect((await sendChunk(w, folder, 'twice.bin', original, 1, o)).status).toBe(200);
    const tampered = Buffer.from(original);
    tampered.fill(0, 0, chunkSize);
    expect((await sendChunk(w, folder, 'twice.bin', tampered, 1, { ...o, md5: md5(original) })).status).toBe(
      200,
    );
    let res = await sendChunk(w, folder, 'twice.bin', original, 2, o);
    for (const n of [3, 4, 5, 6]) res = await sendChunk(w, folder, 'twice.bin', original, n, o);
    expect(res.status).toBe(200);
    expect((await content(w, res.body.data.id)).equals(original)).toBe(true);
  });

  it('resumes after a restart: the new process reads the stored prefix back to hash it', async () => {
    const resumed = large();
    const o = { chunkSize, identifier: 'restart-large' };
    for (const n of [1, 2, 3])
      expect((await sendChunk(w, folder, 'resumed.bin', resumed, n, o)).status).toBe(200);
    const other = await restarted(w, dataDir);
    try {
      const tested = await other.call(
        'GET',
        `/api/vendors/${w.vendor}/folders/${folder}/uploads?flowIdentifier=restart-large&flowChunkNumber=3`,
      );
      expect(tested.body.data.chunks).toEqual([1, 2, 3]);
      let res = await sendChunk(other, folder, 'resumed.bin', resumed, 5, o);
      for (const n of [4, 6]) res = await sendChunk(other, folder, 'resumed.bin', resumed, n, o);
      expect(res.body.data.id).toEqual(expect.any(Number));
      expect((await versions(other, res.body.data.id))[0].md5).toBe(md5(resumed));
      expect((await content(other, res.body.data.id)).equals(resumed)).toBe(true);
    } finally {
      await other.close();
    }
  });
});
