// `npm run bench -- soak`: 5 minutes of the read mix at 50 connections on PostgreSQL, sampling the
// server's RSS every 10 s; memory must not keep growing.
import { measure } from './measure.mjs';
import { freshPostgres, signIn, startServer } from './server.mjs';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 5);
const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

export async function run() {
  const url = process.env.SOAK_PGLITE === 'true' ? null : await freshPostgres(PG_URL, 'portal_soak');
  const server = await startServer({ port: 4703, databaseUrl: url });
  const token = await signIn(server.base, 'expert@demo.test');
  const headers = { authorization: `Bearer ${token}` };
  const samples = [];
  const timer = setInterval(() => samples.push(server.rssMb()), 10_000);
  const m = await measure({
    url: server.base,
    connections: 50,
    duration: MINUTES * 60,
    requests: [
      { path: '/api/accounting-firms/1/vendors', headers },
      { path: '/api/vendors/1', headers },
      { path: '/api/users/me', headers },
    ],
  });
  clearInterval(timer);
  await server.stop();
  const third = Math.max(1, Math.floor(samples.length / 3));
  const avg = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const first = avg(samples.slice(0, third));
  const last = avg(samples.slice(-third));
  console.log(`RSS samples (MB): ${samples.map((s) => s.toFixed(0)).join(' ')}`);
  console.log(
    `${url ? 'PostgreSQL' : 'PGlite'} soak ${MINUTES} min: ${m.rps} req/s, p99 ${m.p99} ms, errors ${m.errors}`,
  );
  console.log(
    `RSS first third ${first.toFixed(0)} MB, last third ${last.toFixed(0)} MB (growth ${(((last - first) / first) * 100).toFixed(1)}%)`,
  );
  if (m.errors > 0) process.exitCode = 1;
}
