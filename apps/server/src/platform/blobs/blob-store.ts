import type { Readable } from 'node:stream';

/** A blob's key: the sha256 of its content, 64 lowercase hex digits. */
export type BlobKey = string;

/** What `put` stored: the key and the content's size in bytes. */
export type StoredBlob = { key: BlobKey; size: number };

/** Bytes `start` to `end` inclusive (HTTP Range semantics); `end` defaults to the last byte. */
export type ByteRange = { start: number; end?: number };

/**
 * Content-addressed storage: the same bytes always get the same key and are stored once.
 * Several owners may hold one key: deleting is the caller's decision once no row refers to it.
 */
export type BlobStore = {
  /** Streams `source` into the store, hashing as it goes; a failed source stores nothing. */
  put(source: Readable | AsyncIterable<Uint8Array>): Promise<StoredBlob>;
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
