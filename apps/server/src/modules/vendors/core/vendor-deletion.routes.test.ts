import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupContext, type DocsWorld, docsWorld, sendChunk, upload } from '../../../../test/documents';
import { freshSiret } from '../../../../test/factories';
import {
  blobDeletions,
  documents,
  documentUploadChunks,
  documentUploads,
  documentVersions,
  folders,
} from '../../../db/schema';
import { diskBlobStore } from '../../../platform/blobs/disk-blob-store';
import { cleanup } from '../../documents/uploads/uploads.service';

/**
 * Deleting a client file for good (`DELETE /api/vendors/{id}`) takes its documents, versions,
 * uploads and the blobs no one else references; a content another client file holds stays.
 */
// A data folder of its own: the cleanup below deletes blobs this database no longer names.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-vendor-deletion-'));
const blobs = diskBlobStore(path.join(dataDir, 'blobs'));
let w: DocsWorld;
let demoFirm = 0;
beforeAll(async () => {
  w = await docsWorld({ env: { DATA_DIR: dataDir } });
  const firms = (await w.call('GET', '/api/users/me/accounting-firms')).body.data as {
    id: number;
    name: string;
  }[];
  demoFirm = firms.find((f) => f.name === 'Cabinet Centre')!.id;
});
afterAll(async () => {
  await w.t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const db = () => w.t.database.db;
/** The world on another client file (the helpers upload to `w.vendor`). */
const on = (vendor: number): DocsWorld => ({ ...w, vendor });
/** A folder under the client file's root. */
async function folderOf(vendor: number, name: string): Promise<number> {
  const root = (await w.call('GET', `/api/vendors/${vendor}/folders`)).body.data[0].id;
  const res = await w.call('POST', `/api/vendors/${vendor}/folders`, 'expert', { name, parent_id: root });
  expect(res.status).toBe(201);
  return res.body.data.id;
}
const content = async (vendor: number, doc: number) =>
  (
    await w.t.app.inject({
      method: 'GET',
      url: `/api/vendors/${vendor}/documents/${doc}/content`,
      headers: { authorization: `Bearer ${w.tokens.expert}` },
    })
  ).rawPayload;
describe('DELETE /api/vendors/{id}: its documents and blobs', () => {
  it('removes documents, versions, uploads and their chunks, and the blobs no one else references', async () => {
    const created = await w.call('POST', `/api/accounting-firms/${demoFirm}/vendors`, 'expert', {
      company: 'Société éphémère',
      corporate_name: 'Société éphémère SAS',
      client_code: 'EPH01',
      siret: freshSiret(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const gone = created.body.data.id as number;
    const folder = await folderOf(gone, 'Pièces');

    // Contents of this client file only: two versions of a document, and one in the trash.
    const v1 = randomBytes(2000);
    const v2 = randomBytes(3000);
    const trashed = randomBytes(1500);
    const doc = (await upload(on(gone), folder, 'unique.bin', v1)).body.data.id as number;
    await upload(on(gone), folder, 'unique.bin', v2, { identifier: 'unique-v2', conflict: 'version' });
    const bin = (await upload(on(gone), folder, 'corbeille.bin', trashed)).body.data.id as number;
    expect((await w.call('DELETE', `/api/vendors/${gone}/documents/${bin}`)).status).toBe(204);
    // A content also held by another client file of the firm, and by one of another firm.
    const shared = randomBytes(2500);
    const mine = (await upload(on(gone), folder, 'partage.bin', shared)).body.data.id as number;
    const sameFirm = (await upload(w, await folderOf(w.vendor, 'Partage'), 'partage.bin', shared)).body.data
      .id as number;
    const otherFirm = (
      await upload(on(w.otherVendor), await folderOf(w.otherVendor, 'Partage'), 'partage-nord.bin', shared)
    ).body.data.id as number;
    const sharedTwo = randomBytes(1200);
    await upload(on(gone), folder, 'partage-nord.bin', sharedTwo);
    const nordOnly = (
      await upload(on(w.otherVendor), await folderOf(w.otherVendor, 'Partage 2'), 'b.bin', sharedTwo)
    ).body.data.id as number;
    // An upload left half-way: its session, a chunk row and its file on disk.
    const half = randomBytes(3 * 64 * 1024);
    const sent = await sendChunk(on(gone), folder, 'interrompu.bin', half, 1, {
      chunkSize: 64 * 1024,
      identifier: 'half-way',
    });
    expect(sent.body.data.id).toBeNull();

    const [session] = await db()
      .select()
      .from(documentUploads)
      .where(eq(documentUploads.identifier, 'half-way'));
    const chunkDir = path.join(
      dataDir,
      'uploads',
      String(session!.accountingFirmId),
      String(session!.userId),
      String(session!.id),
    );
    expect(fs.existsSync(path.join(chunkDir, 'data'))).toBe(true);
    const docIds = (
      await db().select({ id: documents.id }).from(documents).where(eq(documents.vendorId, gone))
    ).map((r) => r.id);
    expect(docIds.sort()).toEqual(expect.arrayContaining([doc, bin, mine]));
    const ownKeys = [v1, v2, trashed].map(sha256);
    const sharedKeys = [shared, sharedTwo].map(sha256);
    for (const key of [...ownKeys, ...sharedKeys]) expect(await blobs.has(key), key).toBe(true);

    const vendor = await w.call('GET', `/api/vendors/${gone}`);
    const res = await w.call('DELETE', `/api/vendors/${gone}`, 'expert', {
      confirmation: vendor.body.data.client_code,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    // The rows went with the client file.
    expect(await db().select().from(folders).where(eq(folders.vendorId, gone))).toEqual([]);
    expect(await db().select().from(documents).where(eq(documents.vendorId, gone))).toEqual([]);
    expect(
      await db().select().from(documentVersions).where(inArray(documentVersions.documentId, docIds)),
    ).toEqual([]);
    expect(await db().select().from(documentUploads).where(eq(documentUploads.vendorId, gone))).toEqual([]);
    expect(
      await db().select().from(documentUploadChunks).where(eq(documentUploadChunks.uploadId, session!.id)),
    ).toEqual([]);
    // Its blobs wait for the cleanup, queued.
    const queued = (await db().select().from(blobDeletions)).map((r) => r.blobKey);
    expect(queued).toEqual(expect.arrayContaining([...ownKeys, ...sharedKeys]));
    expect((await w.call('GET', `/api/vendors/${gone}/folders`)).status).toBe(404);

    const result = await cleanup(cleanupContext(w, dataDir));
    expect(result.blobs).toBe(ownKeys.length);
    for (const key of ownKeys) expect(await blobs.has(key), key).toBe(false);
    for (const key of sharedKeys) expect(await blobs.has(key), key).toBe(true);
    expect(await db().select().from(blobDeletions).where(inArray(blobDeletions.blobKey, queued))).toEqual([]);
    // The chunk folder no upload owns any more is gone from the disk.
    expect(fs.existsSync(chunkDir)).toBe(false);
    // The other client files still read the shared contents.
    expect((await content(w.vendor, sameFirm)).equals(shared)).toBe(true);
    expect((await content(w.otherVendor, otherFirm)).equals(shared)).toBe(true);
    expect((await content(w.otherVendor, nordOnly)).equals(sharedTwo)).toBe(true);
  });
});
