import type { Readable } from 'node:stream';

/** A blob's key: the sha256 of its content, 64 lowercase hex digits. */
export type BlobKey = string;

/** What `put` stored: the key and the content's size in bytes. */
export type StoredBlob = { key: BlobKey; size: number };

/** Bytes `start` to `end` inclusive (HTTP Range semantics); `end` defaults to the last byte. */
export type ByteRange = { start: number; end?: number };

/** Refuses a range a store cannot serve (negative, fractional or reversed bounds). */
export function checkRange(range: ByteRange): void {
  const { start, end } = range;
  const valid =
    Number.isSafeInteger(start) &&
    start >= 0 &&
    (end === undefined || (Number.isSafeInteger(end) && end >= start));
  if (!valid) throw new RangeError('invalid byte range');
}

/**
 * Content-addressed storage: the same bytes always get the same key and are stored once.
 * Several owners may hold one key: deleting is the caller's decision once no row refers to it.
 */
export type BlobStore = {
  /** Streams `source` into the store, hashing as it goes; a failed source stores nothing. */
  put(source: Readable | AsyncIterable<Uint8Array>): Promise<StoredBlob>;
  /**
   * Stores the file at `path` under `key` without streaming it through this process where the
   * store allows (a hard link on disk, a copy across file systems; an upload from the file to
   * S3). The caller vouches that `key` is the file's sha256 and `size` its length, and that the
   * file no longer changes; the file stays where it is (the caller removes it). Content already
   * stored under the key is kept.
   */
  adopt(path: string, key: BlobKey, size: number): Promise<StoredBlob>;
  /** The content (or a range of it); a missing key rejects with `BlobNotFoundError`. */
  get(key: BlobKey, range?: ByteRange): Promise<Readable>;
  has(key: BlobKey): Promise<boolean>;
  /** Removes the blob; a missing key is not an error. */
  delete(key: BlobKey): Promise<void>;
};

const KEY = /^[0-9a-f]{64}$/;

export const isBlobKey = (value: unknown): value is BlobKey => typeof value === 'string' && KEY.test(value);

export class InvalidBlobKeyError extends Error {
  constructor() {
    super('invalid blob key');
    this.name = 'InvalidBlobKeyError';
  }
}

export class BlobNotFoundError extends Error {
  readonly key: BlobKey;
  constructor(key: BlobKey) {
    super(`blob ${key} not found`);
    this.name = 'BlobNotFoundError';
    this.key = key;
  }
}

/** Refuses anything but a sha256 hex key, so no path is ever built from other input. */
export function assertBlobKey(value: unknown): asserts value is BlobKey {
  if (!isBlobKey(value)) throw new InvalidBlobKeyError();
}
