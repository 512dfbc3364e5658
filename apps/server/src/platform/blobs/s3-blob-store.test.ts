import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Server, startS3Server } from '../../../test/s3-server';
import type { BlobStore } from './blob-store';
import { blobStoreContract, chunked, sha256 } from './blob-store-contract';
import { s3BlobStore, s3Client } from './s3-blob-store';

const MiB = 1024 * 1024;
let server: S3Server;
let client: S3Client;
let store: BlobStore;

beforeAll(async () => {
  server = await startS3Server();
  client = s3Client(server.settings);
  store = s3BlobStore(client, { bucket: server.settings.bucket, prefix: 'blobs/', partSize: 5 * MiB });
}, 30_000);
afterAll(async () => {
  client?.destroy();
  await server?.close();
});

/** Every object key of the bucket. */
async function objects(): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: server.settings.bucket }));
  return (listed.Contents ?? []).map((o) => o.Key!).sort();
}
const read = async (stream: Readable) => Buffer.concat(await stream.toArray());

/** Bytes of every file under `dir` (s3rver writes parts and objects there as they arrive). */
function bytesUnder(dir: string): number {
  let sum = 0;
  for (const d of fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    if (d.isFile()) sum += fs.statSync(path.join(d.parentPath, d.name)).size;
  return sum;
}

/**
 * `total` pseudo-random bytes made as they are read, 1 MiB at a time, with their sha256 and the
 * largest gap seen between the bytes handed out and the bytes on the server's disk: what the
 * store held in memory at most (plus what was on the wire).
 */
function generated(total: number, serverDir: string) {
  const hash = createHash('sha256');
  const block = randomBytes(MiB);
  const base = bytesUnder(serverDir);
  let lag = 0;
  const stream = Readable.from(
    (function* () {
      for (let i = 0; i < total / MiB; i++) {
        lag = Math.max(lag, i * MiB - (bytesUnder(serverDir) - base));
        const chunk = Buffer.from(block);
        chunk.writeUInt32LE(i, 0);
        hash.update(chunk);
        yield chunk;
      }
    })(),
  );
  return { stream, digest: () => hash.digest('hex'), maxLag: () => lag };
}

/** Runs `work` while sampling the process's memory; the peak growth of heap + buffers in bytes. */
async function peakGrowth(work: () => Promise<void>): Promise<number> {
  const used = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const base = used();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, used())), 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, used()) - base;
}

describe('s3BlobStore (against s3rver)', () => {
  it('stores a stream under <prefix><sha256> and reads it back; no temporary object left', async () => {
    const bytes = randomBytes(300_000);
    const stored = await store.put(chunked(bytes));
    expect(stored).toEqual({ key: sha256(bytes), size: bytes.length });
    expect(await objects()).toContain(`blobs/${stored.key}`);
    expect((await objects()).filter((k) => k.startsWith('blobs/tmp/'))).toEqual([]);
    expect((await read(await store.get(stored.key))).equals(bytes)).toBe(true);
    expect(await store.has(stored.key)).toBe(true);
  });

  it('stores the same content once; a damaged object (wrong size) under the key is replaced', async () => {
    const bytes = randomBytes(10_000);
    const a = await store.put(chunked(bytes, 1000));
    const b = await store.put(chunked(bytes, 3000));
    expect(b).toEqual(a);
    expect((await objects()).filter((k) => k === `blobs/${a.key}`)).toHaveLength(1);

    const real = Buffer.from('the real content');
    await client.send(
      new PutObjectCommand({ Bucket: 'portal', Key: `blobs/${sha256(real)}`, Body: Buffer.from('the real') }),
    );
    await store.put(Readable.from([real]));
    expect(await text(await store.get(sha256(real)))).toBe('the real content');
  });

  it('takes concurrent puts of the same content: one complete blob', async () => {
    const bytes = randomBytes(2 * MiB);
    const results = await Promise.all(Array.from({ length: 4 }, () => store.put(chunked(bytes, 16 * 1024))));
    expect(new Set(results.map((r) => r.key))).toEqual(new Set([sha256(bytes)]));
    expect((await read(await store.get(sha256(bytes)))).equals(bytes)).toBe(true);
    expect((await objects()).filter((k) => k.startsWith('blobs/tmp/'))).toEqual([]);
  });

  // s3rver does not implement AbortMultipartUpload: the parts of the failed multipart put stay in
  // its store, invisible; the store still throws the source's error, not the abort's.
  it('leaves no object behind when the source fails midway, in a single or a multipart put', async () => {
    const before = await objects();
    for (const size of [100_000, 6 * MiB]) {
      async function* failing() {
        yield randomBytes(size);
        yield randomBytes(size);
        throw new Error('client went away');
      }
      await expect(store.put(failing())).rejects.toThrow('client went away');
    }
    expect(await objects()).toEqual(before);
  });

  blobStoreContract(() => store);

  it('streams a large object both ways, never holding more than the parts in flight', async () => {
    const total = 160 * MiB;
    const source = generated(total, server.directory);
    const stored = await store.put(source.stream);
    expect(stored).toEqual({ key: source.digest(), size: total });
    // The source is read as the parts reach the server: 4 parts of 5 MiB in flight, one being
    // filled, far from the 160 MiB of content.
    expect(source.maxLag()).toBeLessThan(40 * MiB);
    // s3rver keeps the object as one file on its disk.
    const file = path.join(server.directory, 'portal', 'blobs', `${stored.key}._S3rver_object`);
    expect(fs.statSync(file).size).toBe(total);

    const hash = createHash('sha256');
    let size = 0;
    const getGrowth = await peakGrowth(async () => {
      for await (const chunk of await store.get(stored.key)) {
        hash.update(chunk);
        size += chunk.byteLength;
      }
    });
    expect({ size, key: hash.digest('hex') }).toEqual({ size: total, key: stored.key });
    // Uncollected garbage included, a small part of what went through.
    expect(getGrowth).toBeLessThan(64 * MiB);
    await store.delete(stored.key);
  }, 120_000);

  it('moves a blob over the copy limit by streaming it (what CopyObject cannot take)', async () => {
    const small = s3BlobStore(client, {
      bucket: 'portal',
      prefix: 'big/',
      partSize: 5 * MiB,
      copyLimit: MiB,
    });
    const bytes = randomBytes(7 * MiB);
    const stored = await small.put(chunked(bytes, MiB));
    expect((await read(await small.get(stored.key))).equals(bytes)).toBe(true);
    expect((await objects()).filter((k) => k.startsWith('big/'))).toEqual([`big/${stored.key}`]);
  }, 30_000);

  describe('adopt', () => {
    /** A local file (as an upload's file is), with its key. */
    function local(bytes: Buffer) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-adopt-s3-'));
      const file = path.join(dir, 'data');
      fs.writeFileSync(file, bytes);
      return { file, key: sha256(bytes), done: () => fs.rmSync(dir, { recursive: true, force: true }) };
    }

    it('uploads the file straight to its key (single and multipart); no temporary object; the file stays', async () => {
      for (const size of [3000, 7 * MiB]) {
        const bytes = randomBytes(size);
        const src = local(bytes);
        try {
          expect(await store.adopt(src.file, src.key, size)).toEqual({ key: src.key, size });
          expect(fs.existsSync(src.file)).toBe(true);
          expect((await read(await store.get(src.key))).equals(bytes)).toBe(true);
          expect((await objects()).filter((k) => k.includes('tmp/'))).toEqual([]);
        } finally {
          src.done();
        }
      }
    }, 30_000);

    it('keeps an object of the same size under the key, replaces one of another size', async () => {
      const bytes = randomBytes(4000);
      const src = local(bytes);
      const object = `blobs/${src.key}`;
      const bucket = server.settings.bucket;
      try {
        const same = Buffer.alloc(bytes.length, 1);
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: object, Body: same }));
        await store.adopt(src.file, src.key, bytes.length);
        expect((await read(await store.get(src.key))).equals(same)).toBe(true);
        await client.send(
          new PutObjectCommand({ Bucket: bucket, Key: object, Body: Buffer.from('damaged') }),
        );
        await store.adopt(src.file, src.key, bytes.length);
        expect((await read(await store.get(src.key))).equals(bytes)).toBe(true);
      } finally {
        src.done();
      }
    });

    it('refuses a file whose size is not the one given, storing nothing', async () => {
      const bytes = randomBytes(1000);
      const src = local(bytes);
      try {
        await expect(store.adopt(src.file, src.key, 1001)).rejects.toThrow();
        expect(await store.has(src.key)).toBe(false);
      } finally {
        src.done();
      }
    });
  });
});
