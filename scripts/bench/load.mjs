// `npm run bench -- load`: the read mix against `npm start`'s server on PGlite and on PostgreSQL,
// at 50 and 200 connections, plus sign-in throughput on its own. Tokens are obtained once per
// account, so the sign-in rate limit is not what is measured. The load generator runs on the same
// two cores as the server: figures are a floor, not a capacity.
import os from 'node:os';
import { argon2VerifiesPerSecond } from './argon2-baseline.mjs';
import { startBaseline } from './baseline.mjs';
import { HEADER, measure, row } from './measure.mjs';
import { forAutocannon, readMix } from './mix.mjs';
import { freshPostgres, PG_URL, startServer } from './server.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 30);
const SIGN_IN_CONNECTIONS = 8;

export async function run() {
  const lines = [HEADER];
  const servers = [
    ['PGlite', null],
    ['PostgreSQL', await freshPostgres(PG_URL, 'portal_bench')],
  ];
  let base;
  const signInBase = await argon2VerifiesPerSecond({ seconds: 5, concurrency: SIGN_IN_CONNECTIONS });
  for (const [name, databaseUrl] of servers) {
    const server = await startServer({ port: 4702, databaseUrl });
    const requests = await readMix(server.base);
    if (!base) base = await mixBaseline(server.base, requests, lines);
    for (const connections of [50, 200]) {
      const m = await measure({
        url: server.base,
        connections,
        duration: DURATION,
        requests: forAutocannon(requests),
      });
      lines.push(row(`${name}: read mix, ${connections} conn, ${DURATION} s`, m, base));
      console.log(lines.at(-1));
    }
    const login = await measure({
      url: `${server.base}/api/login`,
      connections: SIGN_IN_CONNECTIONS,
      duration: Math.min(DURATION, 10),
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'expert@demo.test', password: 'Demo-portal-2026' }),
    });
    lines.push(
      row(`${name}: sign-in, ${SIGN_IN_CONNECTIONS} conn (vs bare argon2id verify)`, login, signInBase),
    );
    console.log(lines.at(-1));
    console.log(`${name} server RSS after the runs: ${server.rssMb().toFixed(0)} MB`);
    await server.stop();
  }
  lines.push(
    `| baseline: bare argon2id verifications, ${SIGN_IN_CONNECTIONS} at a time | ${signInBase.rps} | | | | | |`,
  );
  console.log(`\n${lines.join('\n')}`);
  console.log(
    `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; the load generator shares these cores.`,
  );
}

/** A bare Fastify route answering the mix's mean payload size from memory, at 50 connections. */
async function mixBaseline(serverBase, requests, lines) {
  let total = 0;
  for (const r of requests) {
    const res = await fetch(serverBase + r.path, { headers: r.headers });
    total += (await res.arrayBuffer()).byteLength;
  }
  const bytes = Math.round(total / requests.length);
  const baseline = await startBaseline(4701, bytes);
  const m = await measure({
    url: baseline.base,
    connections: 50,
    duration: Math.min(DURATION, 10),
    requests: [{ path: '/api/x' }],
  });
  await baseline.stop();
  lines.push(row(`baseline: bare Fastify, ${bytes} B from memory, 50 conn`, m, m));
  console.log(lines.at(-1));
  return m;
}
