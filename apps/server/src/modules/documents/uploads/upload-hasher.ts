import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Worker } from 'node:worker_threads';

/** The digests of an upload's file: MD5 (checked against the client's) and SHA-256 (its blob key). */
export type Digests = { md5: string; sha256: string };

/**
 * Runs in a worker: MD5 and SHA-256 of the file's bytes from 0, read back (from the page cache)
 * up to each `end` it is sent, in order; `finish` answers the digests. CommonJS (eval).
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { createHash } = require('node:crypto');
const md5 = createHash('md5');
const sha256 = createHash('sha256');
const buffer = Buffer.allocUnsafe(1 << 20);
let fd = null;
let offset = 0;
parentPort.on('message', ({ end, finish }) => {
  try {
    if (fd === null) fd = fs.openSync(workerData.file, 'r');
    while (offset < end) {
      const n = fs.readSync(fd, buffer, 0, Math.min(buffer.length, end - offset), offset);
      if (n === 0) throw new Error('upload file shorter than its chunks');
      const bytes = buffer.subarray(0, n);
      md5.update(bytes);
      sha256.update(bytes);
      offset += n;
    }
    if (!finish) return parentPort.postMessage({ offset });
    fs.closeSync(fd);
    parentPort.postMessage({ offset, md5: md5.digest('hex'), sha256: sha256.digest('hex') });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
});
`;

export type UploadShape = { file: string; chunkSize: number; totalChunks: number; totalSize: number };

/**
 * The digests of one upload, computed on another thread as its contiguous prefix of written
 * chunks grows, so that the completion only hashes the chunks written last (or by another
 * process) instead of the whole file. Only chunks the database calls written are reported here:
 * their bytes never change again.
 */
export class UploadHasher {
  private readonly worker: Worker;
  private readonly written = new Set<number>();
  /** The first chunk not yet sent to the worker. */
  private next = 1;
  private readonly replies: { resolve: (m: WorkerReply) => void; reject: (e: Error) => void }[] = [];
  private failure: Error | null = null;

  constructor(private readonly shape: UploadShape) {
    this.worker = new Worker(WORKER, { eval: true, workerData: { file: shape.file } });
    this.worker.unref();
    this.worker.on('message', (m: WorkerReply) => {
      const reply = this.replies.shift();
      if (m.error) this.fail(new Error(m.error));
      else reply?.resolve(m);
    });
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', () => this.fail(new Error('upload hasher stopped')));
  }

  /** Chunk `n` is written: the worker hashes it once the chunks before it are. */
  chunkWritten(n: number): void {
    this.written.add(n);
    let to = this.next;
    while (this.written.has(to)) to++;
    if (to === this.next) return;
    this.next = to;
    this.send({ end: this.endOf(to - 1) }).catch(() => undefined);
  }

  /** The digests of the whole file (every chunk written); stops the worker. */
  async finish(): Promise<Digests> {
    try {
      const m = await this.send({ end: this.shape.totalSize, finish: true });
      return { md5: m.md5!, sha256: m.sha256! };
    } finally {
      await this.stop();
    }
  }

  async stop(): Promise<void> {
    await this.worker.terminate();
  }

  private endOf(chunk: number): number {
    return chunk >= this.shape.totalChunks ? this.shape.totalSize : chunk * this.shape.chunkSize;
  }

  private send(message: { end: number; finish?: boolean }): Promise<WorkerReply> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.replies.push({ resolve, reject });
      this.worker.postMessage(message);
    });
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const reply of this.replies.splice(0)) reply.reject(this.failure);
  }
}

type WorkerReply = { offset?: number; md5?: string; sha256?: string; error?: string };

/** The digests of a (small) file, read on this thread. */
export async function digestsOfFile(file: string): Promise<Digests> {
  const md5 = createHash('md5');
  const sha256 = createHash('sha256');
  for await (const bytes of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    md5.update(bytes as Buffer);
    sha256.update(bytes as Buffer);
  }
  return { md5: md5.digest('hex'), sha256: sha256.digest('hex') };
}

/** A hasher nobody fed for this long (an abandoned upload) is stopped; a later chunk starts over. */
const IDLE_MS = 2 * 60 * 1000;

/** This process's hashers, by upload id. */
export function uploadHashers() {
  const entries = new Map<number, { hasher: Promise<UploadHasher>; timer: NodeJS.Timeout }>();
  const drop = (id: number) => {
    const entry = entries.get(id);
    if (!entry) return undefined;
    clearTimeout(entry.timer);
    entries.delete(id);
    return entry.hasher;
  };
  return {
    /**
     * The hasher of upload `id`; made on first use and told the chunks `written()` lists (those
     * of another process, or from before a restart): it reads that prefix back first.
     */
    get(id: number, shape: UploadShape, written: () => Promise<number[]>): Promise<UploadHasher> {
      let entry = entries.get(id);
      if (entry) clearTimeout(entry.timer);
      const hasher =
        entry?.hasher ??
        (async () => {
          const made = new UploadHasher(shape);
          for (const n of await written()) made.chunkWritten(n);
          return made;
        })();
      const timer = setTimeout(() => {
        drop(id)
          ?.then((h) => h.stop())
          .catch(() => undefined);
      }, IDLE_MS);
      timer.unref();
      entry = { hasher, timer };
      entries.set(id, entry);
      hasher.catch(() => {
        if (entries.get(id)?.hasher === hasher) drop(id);
      });
      return hasher;
    },
    /** Forgets upload `id`'s hasher (the caller finishes or stops it). */
    take: drop,
  };
}
export type UploadHashers = ReturnType<typeof uploadHashers>;
