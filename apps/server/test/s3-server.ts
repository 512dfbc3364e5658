import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { S3Settings } from '../src/platform/blobs/s3-blob-store';

export type S3Server = { settings: S3Settings; directory: string; close(): Promise<void> };

// s3rver in a child process: its memory is not the test's (the streaming tests measure it) and
// its own event loop keeps serving while the test's is busy.
const SCRIPT = `
const S3rver = require('s3rver');
const [directory, bucket] = process.argv.slice(1);
new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] })
  .run()
  .then(({ port }) => console.log('PORT ' + port), (error) => { console.error(error); process.exit(1); });
`;

/** A local S3 server (s3rver, from npm) on a random port, with one empty bucket. */
export async function startS3Server(bucket = 'portal'): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3rver-'));
  const child: ChildProcess = spawn(process.execPath, ['-e', SCRIPT, directory, bucket], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const match = /^PORT (\d+)$/.exec(line);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code})`)));
  });
  return {
    directory,
    settings: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      // s3rver's built-in account.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await exited;
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
