import { Worker } from 'node:worker_threads';

/** Runs in a worker: the MD5 of the files, read in order, one MiB at a time. CommonJS (eval). */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const hash = require('node:crypto').createHash('md5');
const buffer = Buffer.allocUnsafe(1 << 20);
for (const file of workerData.files) {
  const fd = fs.openSync(file, 'r');
  try {
    let n;
    while ((n = fs.readSync(fd, buffer, 0, buffer.length, null)) > 0) hash.update(buffer.subarray(0, n));
  } finally {
    fs.closeSync(fd);
  }
}
parentPort.postMessage(hash.digest('hex'));
`;

/**
 * The MD5 of files read one after the other, computed on another thread: the assembly of a large
 * upload hashes it beside its SHA-256 and its write instead of after them (MD5 is the slower).
 */
export function md5OfFiles(files: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { files } });
    worker.once('message', (digest: string) => resolve(digest));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`md5 worker stopped with ${code}`));
    });
  });
}
