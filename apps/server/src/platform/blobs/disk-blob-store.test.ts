import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BlobStore, InvalidBlobKeyError, isBlobKey } from './blob-store';
import { blobStoreContract, chunked, invalidKeys, sha256 } from './blob-store-contract';
import { diskBlobStore } from './disk-blob-store';

let root: string;
let store: BlobStore;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-blobs-'));
  store = diskBlobStore(root);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const fileOf = (key: string) => path.join(root, key.slice(0, 2), key.slice(2, 4), key);
/** Every file under the root, relative to it. */
const files = () =>
  (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)));

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

  blobStoreContract(() => store);

  it('never touches the disk for a refused key', async () => {
    for (const key of invalidKeys()) {
      expect(isBlobKey(key)).toBe(false);
      await expect(store.get(key as string)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    }
    expect(isBlobKey(sha256(Buffer.from('x')))).toBe(true);
    expect(files()).toEqual([]);
  });
});

describe('diskBlobStore.adopt', () => {
  /** A file outside the store (as an upload's file is), with its key. */
  function outside(bytes: Buffer) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-adopt-'));
    const file = path.join(dir, 'data');
    fs.writeFileSync(file, bytes);
    return { file, key: sha256(bytes), done: () => fs.rmSync(dir, { recursive: true, force: true }) };
  }

  it('stores the file under its key as a second name of the same file (no copy); the file stays', async () => {
    const bytes = randomBytes(200_000);
    const src = outside(bytes);
    try {
      expect(await store.adopt(src.file, src.key, bytes.length)).toEqual({
        key: src.key,
        size: bytes.length,
      });
      expect(fs.statSync(fileOf(src.key)).ino).toBe(fs.statSync(src.file).ino);
      expect(files()).toEqual([path.relative(root, fileOf(src.key))]);
      fs.rmSync(src.file);
      expect(Buffer.concat(await (await store.get(src.key)).toArray()).equals(bytes)).toBe(true);
    } finally {
      src.done();
    }
  });

  it('keeps content already stored under the key, and replaces a damaged one', async () => {
    const bytes = randomBytes(5000);
    const first = await store.put(Readable.from([bytes]));
    const inode = fs.statSync(fileOf(first.key)).ino;
    const src = outside(bytes);
    try {
      await store.adopt(src.file, src.key, bytes.length);
      expect(fs.statSync(fileOf(src.key)).ino).toBe(inode);
      fs.writeFileSync(fileOf(src.key), 'damaged');
      await store.adopt(src.file, src.key, bytes.length);
      expect(fs.readFileSync(fileOf(src.key)).equals(bytes)).toBe(true);
      expect(files()).toHaveLength(1);
    } finally {
      src.done();
    }
  });

  it('copies (and flushes) when a link is impossible, as across file systems', async () => {
    const bytes = randomBytes(70_000);
    const src = outside(bytes);
    const link = vi
      .spyOn(fsp, 'link')
      .mockRejectedValueOnce(Object.assign(new Error('cross-device link'), { code: 'EXDEV' }));
    try {
      await store.adopt(src.file, src.key, bytes.length);
      expect(link).toHaveBeenCalledOnce();
      expect(fs.statSync(fileOf(src.key)).ino).not.toBe(fs.statSync(src.file).ino);
      expect(fs.readFileSync(fileOf(src.key)).equals(bytes)).toBe(true);
      expect(files()).toHaveLength(1);
    } finally {
      link.mockRestore();
      src.done();
    }
  });

  it('refuses a file whose size is not the one given, and an invalid key, storing nothing', async () => {
    const bytes = randomBytes(1000);
    const src = outside(bytes);
    try {
      await expect(store.adopt(src.file, src.key, 999)).rejects.toThrow();
      await expect(store.adopt(src.file, '../x', bytes.length)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      expect(files()).toEqual([]);
    } finally {
      src.done();
    }
  });
});
