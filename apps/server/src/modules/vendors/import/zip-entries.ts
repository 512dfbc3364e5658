import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/** An entry of a ZIP archive's central directory. */
export type ZipEntry = {
  name: string;
  /** Uncompressed size the archive declares: an upper bound that inflating enforces. */
  size: number;
  compressedSize: number;
  /** 0 stored, 8 deflated; nothing else is read. */
  method: number;
  /** Where the entry's local header starts. */
  offset: number;
};

/**
 * Reads a ZIP archive's central directory (names, sizes, where each entry starts) without
 * inflating anything. Returns null when the bytes are not a readable ZIP archive (or use ZIP64,
 * which no import needs).
 */
export function zipEntries(buffer: Buffer): ZipEntry[] | null {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  // The end record is 22 bytes plus a comment of at most 65535 bytes.
  const lowest = Math.max(0, buffer.length - 22 - 0xffff);
  let end = -1;
  for (let i = buffer.length - 22; i >= lowest; i--) {
    if (buffer.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = buffer.readUInt16LE(end + 10);
  const offset = buffer.readUInt32LE(end + 16);
  if (count === 0xffff || offset === 0xffffffff) return null;
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== CENTRAL) return null;
    const method = buffer.readUInt16LE(at + 10);
    const compressedSize = buffer.readUInt32LE(at + 20);
    const size = buffer.readUInt32LE(at + 24);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const local = buffer.readUInt32LE(at + 42);
    if (size === 0xffffffff || compressedSize === 0xffffffff || local === 0xffffffff) return null;
    if (at + 46 + nameLength > buffer.length) return null;
    entries.push({
      name: buffer.toString('utf8', at + 46, at + 46 + nameLength),
      size,
      compressedSize,
      method,
      offset: local,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Thrown when an entry cannot be read, is not what it declares, or inflates past the budget. */
export class ZipEntryError extends Error {}

/** Inflated bytes one reader may produce in total, over every entry and every pass. */
export type InflateBudget = { remaining: number };

/**
 * The entry's content, inflated chunk by chunk (about 64 KB each). Fails with `ZipEntryError`
 * as soon as the entry inflates past its declared size (an archive that lies is a zip bomb) or
 * past what is left of `budget`. Stopping the iteration early stops inflating.
 */
export async function* entryChunks(
  buffer: Buffer,
  entry: ZipEntry,
  budget: InflateBudget,
): AsyncGenerator<Buffer> {
  const LOCAL = 0x04034b50;
  const at = entry.offset;
  if (at + 30 > buffer.length || buffer.readUInt32LE(at) !== LOCAL)
    throw new ZipEntryError('no local header');
  const start = at + 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28);
  if (start + entry.compressedSize > buffer.length) throw new ZipEntryError('truncated entry');
  const data = buffer.subarray(start, start + entry.compressedSize);
  let produced = 0;
  const count = (chunk: Buffer) => {
    produced += chunk.length;
    budget.remaining -= chunk.length;
    if (produced > entry.size) throw new ZipEntryError(`${entry.name} inflates past its declared size`);
    if (budget.remaining < 0) throw new ZipEntryError('too much data to inflate');
  };
  if (entry.method === 0) {
    count(data);
    yield data;
    return;
  }
  if (entry.method !== 8) throw new ZipEntryError(`compression method ${entry.method}`);
  const inflate = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
  const source = Readable.from([data]);
  source.pipe(inflate);
  try {
    for await (const chunk of inflate) {
      count(chunk as Buffer);
      yield chunk as Buffer;
    }
  } catch (error) {
    if (error instanceof ZipEntryError) throw error;
    throw new ZipEntryError(`${entry.name} does not inflate`);
  } finally {
    source.unpipe(inflate);
    source.destroy();
    inflate.destroy();
  }
}
