import { createHash, randomBytes } from 'node:crypto';
import { HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { uploadState } from '../src/modules/documents/uploads/upload-storage';
import { cleanup } from '../src/modules/documents/uploads/uploads.service';
import { blobStoreFromConfig } from '../src/platform/blobs/blob-store-from-config';
import { s3Client } from '../src/platform/blobs/s3-blob-store';
import { type DocsWorld, docsWorld, readZip, upload } from './documents';
import { type S3Server, startS3Server } from './s3-server';

let server: S3Server;
let client: S3Client;
let w: DocsWorld;
let env: Record<string, string>;
let folder = 0;

beforeAll(async () => {
  server = await startS3Server();
  client = s3Client(server.settings);
  const s = server.settings;
  env = {
    BLOB_STORE: 's3',
    S3_BUCKET: s.bucket,
    S3_PREFIX: 'documents/',
    S3_ENDPOINT: s.endpoint!,
    S3_REGION: s.region,
    S3_ACCESS_KEY_ID: s.accessKeyId!,
    S3_SECRET_ACCESS_KEY: s.secretAccessKey!,
    S3_FORCE_PATH_STYLE: 'true',
  };
  w = await docsWorld({ env });
  folder = (
    await w.call('POST', `/api/vendors/${w.vendor}/folders`, 'expert', { name: 'S3', parent_id: w.root })
  ).body.data.id;
});
afterAll(async () => {
  await w?.t.close();
  client?.destroy();
  await server?.close();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const inBucket = (key: string) =>
  client.send(new HeadObjectCommand({ Bucket: 'portal', Key: `documents/${key}` })).then(
    () => true,
    () => false,
  );
const get = (url: string) =>
  w.t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${w.tokens.expert}` } });

describe('documents with BLOB_STORE=s3 (against s3rver)', () => {
  it('uploads a file in chunks, stores it in the bucket, downloads it and zips it through HTTP', async () => {
    const content = randomBytes(3 * 1024 * 1024 + 123);
    const done = await upload(w, folder, 'bilan.bin', content, { chunkSize: 1024 * 1024 });
    expect(done.status).toBe(200);
    const id = done.body.data.id as number;
    expect(await inBucket(sha256(content))).toBe(true);

    // Over a real socket: streamed from the bucket through the server to the client.
    const address = await w.t.app.listen({ host: '127.0.0.1', port: 0 });
    const got = await fetch(`${address}/api/vendors/${w.vendor}/documents/${id}/content`, {
      headers: { authorization: `Bearer ${w.tokens.expert}` },
    });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-length')).toBe(String(content.length));
    expect(Buffer.from(await got.arrayBuffer()).equals(content)).toBe(true);

    const zip = await get(`/api/vendors/${w.vendor}/folders/${folder}/archive`);
    expect(zip.statusCode).toBe(200);
    expect(readZip(zip.rawPayload).get('bilan.bin')?.equals(content)).toBe(true);
  });

  it('deletes the object once no document refers to it any more', async () => {
    const content = Buffer.from(`only here ${Date.now()}`);
    const id = (await upload(w, folder, 'seul.txt', content)).body.data.id as number;
    expect(await inBucket(sha256(content))).toBe(true);
    expect((await w.call('DELETE', `/api/vendors/${w.vendor}/documents/${id}`)).status).toBe(204);
    expect((await w.call('DELETE', `/api/vendors/${w.vendor}/trash`)).status).toBe(204);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
    const ctx = {
      db: w.t.database.db,
      config,
      blobs: blobStoreFromConfig(config),
      uploads: uploadState(config.dataDir),
    } as unknown as Parameters<typeof cleanup>[0];
    expect((await cleanup(ctx)).blobs).toBeGreaterThanOrEqual(1);
    expect(await inBucket(sha256(content))).toBe(false);
  });
});
