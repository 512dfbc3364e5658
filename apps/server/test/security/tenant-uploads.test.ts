import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { blobDeletions, documentVersions } from '../../src/db/schema';
import { uploadState } from '../../src/modules/documents/uploads/upload-storage';
import { cleanup } from '../../src/modules/documents/uploads/uploads.service';
import { diskBlobStore } from '../../src/platform/blobs/disk-blob-store';
import { createTestApp, type TestApp } from '../test-app';
import { GHOST_ID } from './operations';
import {
  buildTenant,
  sendUploadChunk,
  type Tenant,
  type UploadUnderWay,
  WORLD_PASSWORD,
  worldPasswordHash,
} from './tenant-world';

/**
 * Uploads across tenants, beyond what the probe's walks send: another tenant's upload identifier
 * with the shape that would complete its upload, and the same content (one sha256 blob) uploaded
 * by two tenants, then permanently deleted by one.
 */

// A data folder of its own: the cleanup below deletes the blobs this database no longer names.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-tenant-uploads-'));
let t: TestApp;
let alpha: Tenant;
let bravo: Tenant;
const tokens = new Map<string, string>();
const WRITERS = ['admin', 'collab', 'collaball', 'clientadmin', 'clientcollab'];

beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  const hash = await worldPasswordHash();
  alpha = await buildTenant(t, 'alpha', hash);
  bravo = await buildTenant(t, 'bravo', hash);
  for (const who of WRITERS)
    for (const tenant of [alpha, bravo]) {
      const email = `${who}-${tenant.label}@probe.test`;
      tokens.set(email, await t.signIn(email, WORLD_PASSWORD));
    }
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const token = (who: string, tenant: Tenant) => tokens.get(`${who}-${tenant.label}@probe.test`)!;

const stored = (tenant: Tenant, who: string, identifier: string, n: number) =>
  t.request({
    method: 'GET',
    url: `/api/vendors/${tenant.ids.vendor}/folders/${tenant.ids.folder}/uploads?flowChunkNumber=${n}&flowIdentifier=${identifier}`,
    token: token(who, tenant),
  });

const download = (tenant: Tenant, document: number) =>
  t.request({
    method: 'GET',
    url: `/api/vendors/${tenant.ids.vendor}/documents/${document}/content`,
    token: token('admin', tenant),
  });

describe("another tenant's upload identifier", () => {
  it('neither reveals nor continues that upload, answering as an identifier that exists nowhere', async () => {
    const ghost = String(GHOST_ID);
    for (const who of WRITERS) {
      // Which chunks of A's upload are stored? B asks in its own folder: as for no upload at all.
      for (const n of [1, 2]) {
        const asked = await stored(bravo, who, alpha.upload.identifier, n);
        const none = await stored(bravo, who, ghost, n);
        expect([asked.status, asked.body], `${who} asks chunk ${n}`).toEqual([none.status, none.body]);
        expect(asked.status).toBe(204);
      }
      // The chunk that would complete A's upload, with its identifier: B's own new upload, incomplete.
      const target = { vendor: bravo.ids.vendor, folder: bravo.ids.folder };
      const sent = await sendUploadChunk(t, token(who, bravo), target, alpha.upload, 2);
      const none = await sendUploadChunk(t, token(who, bravo), target, alpha.upload, 2, ghost);
      expect([sent.status, sent.body], `${who} sends chunk 2`).toEqual([none.status, none.body]);
      expect(sent.body).toEqual({ data: { id: null } });
    }
    // A's upload: its chunk still stored, chunk 2 still to send; then it completes, whole.
    expect((await stored(alpha, 'admin', alpha.upload.identifier, 1)).body).toEqual({
      data: { chunks: [1], id: null },
    });
    expect((await stored(alpha, 'admin', alpha.upload.identifier, 2)).status).toBe(204);
    const done = await sendUploadChunk(t, token('admin', alpha), alpha.ids, alpha.upload, 2);
    expect(done.body.data.id).toEqual(expect.any(Number));
    expect((await download(alpha, done.body.data.id)).body).toBe(alpha.upload.content.toString());
  });
});

describe('the same content uploaded by two tenants', () => {
  it("stays the other tenant's when one deletes it for good and the blob cleanup runs", async () => {
    const content = Buffer.from(`shared by two tenants ${Date.now()} ${Math.random()}`);
    const file = (label: string): UploadUnderWay => ({
      identifier: `${content.length}-${label}-same-content`,
      filename: 'same content.txt',
      content,
      chunkSize: content.length,
    });
    const ids: Record<string, number> = {};
    for (const tenant of [alpha, bravo]) {
      const res = await sendUploadChunk(t, token('admin', tenant), tenant.ids, file(tenant.label), 1);
      expect(res.status).toBe(200);
      ids[tenant.label] = res.body.data.id;
    }
    const keyOf = async (tenant: Tenant) => {
      const [version] = await t.database.db
        .select({ key: documentVersions.blobKey })
        .from(documentVersions)
        .where(
          and(
            eq(documentVersions.accountingFirmId, tenant.ids.accounting_firm),
            eq(documentVersions.documentId, ids[tenant.label]!),
          ),
        );
      return version!.key;
    };
    const key = await keyOf(alpha);
    expect(await keyOf(bravo)).toBe(key);
    const blobs = diskBlobStore(path.join(dataDir, 'blobs'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SERVE_WEB: 'false',
      DATA_DIR: dataDir,
    });
    const ctx = {
      db: t.database.db,
      config,
      blobs,
      uploads: uploadState(config.dataDir),
    } as unknown as Parameters<typeof cleanup>[0];

    // A deletes its document for good: to the trash, the trash emptied, the cleanup run.
    const forGood = async (tenant: Tenant) => {
      const base = `/api/vendors/${tenant.ids.vendor}`;
      const admin = token('admin', tenant);
      const del = await t.request({
        method: 'DELETE',
        url: `${base}/documents/${ids[tenant.label]}`,
        token: admin,
      });
      expect(del.status).toBe(204);
      expect((await t.request({ method: 'DELETE', url: `${base}/trash`, token: admin })).status).toBe(204);
      const queued = await t.database.db.select().from(blobDeletions).where(eq(blobDeletions.blobKey, key));
      expect(queued).toHaveLength(1);
      return cleanup(ctx);
    };
    await forGood(alpha);
    expect((await download(alpha, ids.alpha!)).status).toBe(404);
    expect(await blobs.has(key)).toBe(true);
    const kept = await download(bravo, ids.bravo!);
    expect(kept.status).toBe(200);
    expect(kept.body).toBe(content.toString());

    // The cleanup would have deleted it: once B deletes its own for good, the blob goes.
    await forGood(bravo);
    expect(await blobs.has(key)).toBe(false);
  });
});
