/**
 * What every blob store must do, as tests each store's suite runs against its own store (disk,
 * S3): ranges, empty content, a typed not-found, deletion, and keys refused before any I/O.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { expect, it } from 'vitest';
import { BlobNotFoundError, type BlobStore, InvalidBlobKeyError } from './blob-store';

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** `bytes` as a stream of `size`-byte chunks. */
export function chunked(bytes: Buffer, size = 64 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
    })(),
  );
}

/** Keys that are not 64 lowercase hex digits (a path, a case, a length, not a string). */
export function invalidKeys(): unknown[] {
  const valid = sha256(Buffer.from('x'));
  return [
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
}

/** The shared cases, in the caller's `describe`; `store()` is read when each case runs. */
export function blobStoreContract(store: () => BlobStore): void {
  it('reads a byte range, both ends included', async () => {
    const { key } = await store().put(Readable.from([Buffer.from('0123456789')]));
    expect(await text(await store().get(key, { start: 2, end: 5 }))).toBe('2345');
    expect(await text(await store().get(key, { start: 7 }))).toBe('789');
    await expect(store().get(key, { start: 5, end: 2 })).rejects.toBeInstanceOf(RangeError);
    await expect(store().get(key, { start: -1 })).rejects.toBeInstanceOf(RangeError);
  });

  it('stores empty content too', async () => {
    const stored = await store().put(Readable.from([]));
    expect(stored).toEqual({ key: sha256(new Uint8Array()), size: 0 });
    expect(await text(await store().get(stored.key))).toBe('');
  });

  it('answers a typed not-found for a missing key; has is false and delete does nothing', async () => {
    const key = sha256(Buffer.from('never stored'));
    const error = await store()
      .get(key)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlobNotFoundError);
    expect((error as BlobNotFoundError).key).toBe(key);
    expect(await store().has(key)).toBe(false);
    await expect(store().delete(key)).resolves.toBeUndefined();
  });

  it('deletes a blob', async () => {
    const { key } = await store().put(Readable.from([Buffer.from('to delete')]));
    await store().delete(key);
    expect(await store().has(key)).toBe(false);
    await expect(store().get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('refuses every key that is not 64 lowercase hex digits', async () => {
    for (const key of invalidKeys()) {
      await expect(store().get(key as string)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store().has(key as string)).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store().delete(key as string)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    }
  });
}
