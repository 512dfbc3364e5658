// Baseline for sign-in: bare argon2id verifications per second with the server's parameters,
// `concurrency` at a time on the libuv pool, in this process (the same cores as the server).
import { createRequire } from 'node:module';
import { root } from '../lib/build.mjs';

const require = createRequire(`${root}/apps/server/package.json`);

export async function argon2VerifiesPerSecond({ seconds, concurrency }) {
  const { hash, verify } = require('@node-rs/argon2');
  const stored = await hash('Demo-portal-2026');
  let done = 0;
  const end = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < end) {
      await verify(stored, 'Demo-portal-2026');
      done++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { rps: Math.round(done / seconds), p50: 0, p95: 0, p99: 0, errors: 0, total: done };
}
