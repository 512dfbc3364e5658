import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobNotFoundError, type BlobStore, InvalidBlobKeyError, isBlobKey } from './blob-store';
import { diskBlobStore } from './disk-blob-store';

let root: string;
let store: BlobStore;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-blobs-'));
  store = diskBlobStore(root);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const fileOf = (key: string) => path.join(root, key.slice(0, 2), key.slice(2, 4), key);
/** Every file under the root, relative to it. */
const files = () =>
  (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)));

/** `bytes` as a stream of `size`-byte chunks. */
function chunked(bytes: Buffer, size = 64 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
    })(),
  );
}

describe('diskBlobStore', () => {
  it('stores a stream under <2 hex>/<2 hex>/<sha256> and reads it back', async () => {
    const bytes = randomBytes(300_000);
    const stored = await store.put(chunked(bytes));
    expect(stored).toEqual({ key: sha256(bytes), size: bytes.length });
    expect(files()).toEqual([path.join(stored.key.slice(0, 2), stored.key.slice(2, 4), stored.key)]);
    expect(fs.readFileSync(fileOf(stored.key)).equals(bytes)).toBe(true);

    const back = Buffer.concat(await (await store.get(stored.key)).toArray());
    expect(back.equals(bytes)).toBe(true);
    expect(await store.has(stored.key)).toBe(true);
  });

  it('reads a byte range, both ends included', async () => {
    const { key } = await store.put(Readable.from([Buffer.from('0123456789')]));
    expect(await text(await store.get(key, { start: 2, end: 5 }))).toBe('2345');
    expect(await text(await store.get(key, { start: 7 }))).toBe('789');
    await expect(store.get(key, { start: 5, end: 2 })).rejects.toBeInstanceOf(RangeError);
    await expect(store.get(key, { start: -1 })).rejects.toBeInstanceOf(RangeError);
  });

  it('stores empty content too', async () => {
    const stored = await store.put(Readable.from([]));
    expect(stored).toEqual({ key: sha256(new Uint8Array()), size: 0 });
    expect(await text(await store.get(stored.key))).toBe('');
  });

  it('writes as it reads: the first chunk is on disk before the source ends', async () => {
    const first = randomBytes(64 * 1024);
    const tmp = path.join(root, 'tmp');
    let sawPartial = false;
    async function* source() {
      yield first;
      for (let i = 0; i < 200 && !sawPartial; i++) {
        const partial = fs.existsSync(tmp) ? fs.readdirSync(tmp) : [];
        sawPartial = partial.some((f) => fs.statSync(path.join(tmp, f)).size >= first.length);
        await sleep(10);
      }
      yield Buffer.from('end');
    }
    await store.put(source());
    expect(sawPartial).toBe(true);
  });

  it('stores the same content once: a second put returns the same key and leaves the file alone', async () => {
    const bytes = randomBytes(10_000);
    const a = await store.put(chunked(bytes, 1000));
    const inode = fs.statSync(fileOf(a.key)).ino;
    const b = await store.put(chunked(bytes, 3000));
    expect(b).toEqual(a);
    expect(fs.statSync(fileOf(a.key)).ino).toBe(inode);
    expect(files()).toHaveLength(1);
  });

  it('takes concurrent puts of the same content: one complete blob, no temporary file left', async () => {
    const bytes = randomBytes(1024 * 1024);
    const results = await Promise.all(Array.from({ length: 8 }, () => store.put(chunked(bytes, 16 * 1024))));
    expect(new Set(results.map((r) => r.key))).toEqual(new Set([sha256(bytes)]));
    expect(files()).toEqual([path.relative(root, fileOf(sha256(bytes)))]);
    expect(fs.readFileSync(fileOf(sha256(bytes))).equals(bytes)).toBe(true);
  });

  it('replaces a damaged file (wrong size) found under the key', async () => {
    const bytes = Buffer.from('the real content');
    const key = sha256(bytes);
    fs.mkdirSync(path.dirname(fileOf(key)), { recursive: true });
    fs.writeFileSync(fileOf(key), 'the real');
    await store.put(Readable.from([bytes]));
    expect(fs.readFileSync(fileOf(key), 'utf8')).toBe('the real content');
  });

  it('leaves nothing behind when the source fails midway', async () => {
    async function* failing() {
      yield randomBytes(100_000);
      yield randomBytes(100_000);
      throw new Error('client went away');
    }
    await expect(store.put(failing())).rejects.toThrow('client went away');
    expect(files()).toEqual([]);
  });

  it('answers a typed not-found for a missing key; has is false and delete does nothing', async () => {
    const key = sha256(Buffer.from('never stored'));
    const error = await store.get(key).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlobNotFoundError);
    expect((error as BlobNotFoundError).key).toBe(key);
    expect(await store.has(key)).toBe(false);
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('deletes a blob', async () => {
    const { key } = await store.put(Readable.from([Buffer.from('to delete')]));
    await store.delete(key);
    expect(await store.has(key)).toBe(false);
    await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('refuses every key that is not 64 lowercase hex digits, before touching the disk', async () => {
    const valid = sha256(Buffer.from('x'));
    const invalid: unknown[] = [
      valid.toUpperCase(),
      valid.slice(1),
      `${valid}0`,
      `../../${valid.slice(6)}`,
      `${valid.slice(0, 62)}/.`,
      `${valid.slice(0, 63)}\n`,
      '',
      null,
      42,
    ];
    for (const key of invalid) {
      expect(isBlobKey(key)).toBe(false);
      await expect(store.get(key as string)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.has(key as string)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.delete(key as string)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    }
    expect(isBlobKey(valid)).toBe(true);
    expect(files()).toEqual([]);
  });
});
