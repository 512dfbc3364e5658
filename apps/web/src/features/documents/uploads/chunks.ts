import { UPLOAD_CHUNK_SIZE } from '@portal/contracts/limits';

/** Statuses after which a chunk is not retried (spec section 7). */
export const PERMANENT_ERRORS: ReadonlySet<number> = new Set([400, 401, 403, 404, 415, 422, 500, 501]);

export type Chunk = { number: number; start: number; end: number };

/**
 * The chunks of a file as flow.js cuts them (`forceChunkSize: false`): floor(size / chunk size)
 * chunks, at least one, the last one taking the remainder (so up to twice the chunk size).
 */
export function chunksOf(size: number, chunkSize = UPLOAD_CHUNK_SIZE): Chunk[] {
  const count = Math.max(1, Math.floor(size / chunkSize));
  return Array.from({ length: count }, (_, i) => ({
    number: i + 1,
    start: i * chunkSize,
    end: i === count - 1 ? size : (i + 1) * chunkSize,
  }));
}

/** A flow identifier: unique per file selection, `[\w.-]` only (the server's rule). */
export function newIdentifier(size: number, random: () => string = randomPart): string {
  return `${size}-${random()}`;
}

const randomPart = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID().replace(/-/g, '')
    : Math.random().toString(36).slice(2) + Date.now().toString(36);
