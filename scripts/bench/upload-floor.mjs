// The floor the upload is compared to (`npm run bench -- documents`): a bare `node:http` server
// doing only the work no implementation of the product's upload can avoid. It takes the same
// flow.js chunks from the same client (multipart: the flow fields, then the file part), finds the
// file part's end by its boundary, writes each chunk at its offset of one file per upload and
// flushes it (`fdatasync`, as the product does before it records a chunk), and computes the
// file's MD5 (checked against the client's) and SHA-256 as the contiguous prefix of written chunks
// grows, read back from the page cache on worker threads. The chunk completing the file answers
// once both digests are done. No framework, no database, no authentication, no session rows.
// Run as a child process, like the server:
//   node scripts/bench/upload-floor.mjs <port> <dir> [hash threads: 1 (both digests on one, as the
//   product) or 2 (one per digest)]
import { spawn } from 'node:child_process';
import { constants, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { cpuSecondsOf } from './server.mjs';

/** Writes grouped up to 256 KiB, as the product's chunk store does. */
const WRITE_BYTES = 256 * 1024;

/** A worker hashing a file's bytes from 0 up to each `end` it is sent, in order. CommonJS (eval). */
const HASHER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { createHash } = require('node:crypto');
const hashes = workerData.algorithms.map((a) => createHash(a));
const buffer = Buffer.allocUnsafe(1 << 20);
let fd = null;
let offset = 0;
parentPort.on('message', ({ end, finish }) => {
  if (fd === null) fd = fs.openSync(workerData.file, 'r');
  while (offset < end) {
    const n = fs.readSync(fd, buffer, 0, Math.min(buffer.length, end - offset), offset);
    if (n === 0) throw new Error('file shorter than its chunks');
    for (const h of hashes) h.update(buffer.subarray(0, n));
    offset += n;
  }
  if (!finish) return;
  fs.closeSync(fd);
  parentPort.postMessage(hashes.map((h) => h.digest('hex')));
});
`;

/** One upload: its file, the chunks written, its hashing workers fed in chunk order. */
class Upload {
  constructor(file, fields, threads) {
    this.file = file;
    this.chunkSize = Number(fields.flowChunkSize);
    this.totalSize = Number(fields.flowTotalSize);
    this.totalChunks = Number(fields.flowTotalChunks);
    this.written = new Set();
    this.next = 1;
    const groups = threads === 2 ? [['md5'], ['sha256']] : [['md5', 'sha256']];
    this.workers = groups.map(
      (algorithms) => new Worker(HASHER, { eval: true, workerData: { file, algorithms } }),
    );
  }

  chunkWritten(n) {
    this.written.add(n);
    let to = this.next;
    while (this.written.has(to)) to++;
    if (to === this.next) return;
    this.next = to;
    const end = to - 1 >= this.totalChunks ? this.totalSize : (to - 1) * this.chunkSize;
    for (const w of this.workers) w.postMessage({ end });
  }

  /** `{ md5, sha256 }` once every chunk is hashed; stops the workers. */
  async finish() {
    const answers = await Promise.all(
      this.workers.map(
        (w) =>
          new Promise((resolve, reject) => {
            w.once('message', resolve);
            w.once('error', reject);
            w.postMessage({ end: this.totalSize, finish: true });
          }),
      ),
    );
    await Promise.all(this.workers.map((w) => w.terminate()));
    const [md5, sha256] = answers.flat();
    return { md5, sha256 };
  }
}

const EMPTY = Buffer.alloc(0);

/** How many of `data`'s last bytes begin `delimiter` (its first byte is CR). */
function delimiterPrefixAtEnd(data, delimiter) {
  const from = Math.max(0, data.length - delimiter.length + 1);
  for (let i = data.indexOf(13, from); i !== -1; i = data.indexOf(13, i + 1)) {
    if (delimiter.subarray(0, data.length - i).equals(data.subarray(i))) return data.length - i;
  }
  return 0;
}

/**
 * The request's multipart body: the text fields, then the file part's bytes handed to `sink` as
 * they arrive, up to the closing delimiter (searched in every piece, a partial one kept for the
 * next). Answers the fields.
 */
async function readChunk(request, sink) {
  const boundary = /boundary=([^\s;]+)/.exec(request.headers['content-type'] ?? '')?.[1];
  if (!boundary) throw new Error('no boundary');
  const delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
  const fields = {};
  let head = Buffer.alloc(0);
  let inFile = false;
  let done = false;
  let carry = EMPTY;
  for await (const received of request) {
    if (done) continue;
    let piece = received;
    if (!inFile) {
      head = Buffer.concat([head, piece]);
      const fileAt = head.indexOf('filename=');
      const start = fileAt === -1 ? -1 : head.indexOf('\r\n\r\n', fileAt);
      if (start === -1) continue;
      const text = head.subarray(0, start).toString('utf8');
      for (const m of text.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g)) fields[m[1]] = m[2];
      piece = head.subarray(start + 4);
      inFile = true;
      await sink.open(fields);
    }
    const data = carry.length ? Buffer.concat([carry, piece]) : piece;
    const at = data.indexOf(delimiter);
    if (at !== -1) {
      await sink.write(data.subarray(0, at));
      done = true;
      continue;
    }
    // Bytes that may begin the delimiter wait for the next piece.
    const keep = delimiterPrefixAtEnd(data, delimiter);
    carry = keep ? Buffer.from(data.subarray(data.length - keep)) : EMPTY;
    await sink.write(data.subarray(0, data.length - keep));
  }
  if (!done) throw new Error('body ended before the closing delimiter');
  return fields;
}

async function serve(port, dir, threads) {
  const uploads = new Map();
  let ids = 0;
  const server = http.createServer(async (request, response) => {
    try {
      let upload;
      let handle;
      let position = 0;
      let pending = [];
      let pendingBytes = 0;
      const flush = async () => {
        const { bytesWritten } = await handle.writev(pending, position);
        if (bytesWritten !== pendingBytes) throw new Error('short write');
        position += pendingBytes;
        pending = [];
        pendingBytes = 0;
      };
      const fields = await readChunk(request, {
        async open(f) {
          const key = f.flowIdentifier;
          upload = uploads.get(key);
          if (!upload) {
            upload = new Upload(path.join(dir, `${++ids}.data`), f, threads);
            uploads.set(key, upload);
          }
          handle = await fs.open(upload.file, constants.O_WRONLY | constants.O_CREAT, 0o600);
          position = (Number(f.flowChunkNumber) - 1) * upload.chunkSize;
        },
        async write(bytes) {
          if (!bytes.length) return;
          pending.push(bytes);
          pendingBytes += bytes.length;
          if (pendingBytes >= WRITE_BYTES) await flush();
        },
      });
      if (pendingBytes) await flush();
      await handle.datasync();
      await handle.close();
      upload.chunkWritten(Number(fields.flowChunkNumber));
      let id = null;
      if (upload.written.size === upload.totalChunks) {
        uploads.delete(fields.flowIdentifier);
        const digests = await upload.finish();
        if (fields.md5 && digests.md5 !== fields.md5) throw new Error('MD5 mismatch');
        await fs.rm(upload.file, { force: true });
        id = ids;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ data: { id } }));
    } catch (error) {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: String(error?.message ?? error) }));
    }
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  process.stdout.write('ready\n');
}

/** Starts the floor as a child process on `port`, writing under `dir`. */
export async function startUploadFloor(port, dir, { threads = 1 } = {}) {
  const child = spawn(
    process.execPath,
    [fileURLToPath(import.meta.url), String(port), dir, String(threads)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', () => reject(new Error('the upload floor stopped')));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    path: '/upload',
    cpuSeconds: () => cpuSecondsOf(child.pid),
    rssMb: () =>
      Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [port, dir, threads] = process.argv.slice(2);
  await serve(Number(port), dir, Number(threads ?? 1));
}
