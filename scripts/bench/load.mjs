// `npm run bench -- load`: a realistic read mix against `npm start`'s server on PGlite and on
// PostgreSQL, at 50 and 200 connections, plus sign-in throughput on its own. The load generator
// runs on the same two cores as the server: figures are a floor, not a capacity.
import { startBaseline } from './baseline.mjs';
import { HEADER, measure, row } from './measure.mjs';
import { freshPostgres, signIn, startServer } from './server.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 30);
const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';

async function mix(base) {
  const expert = await signIn(base, 'expert@demo.test');
  const client = await signIn(base, 'client@demo.test');
  const collab = await signIn(base, 'collab@demo.test');
  const auth = (token) => ({ authorization: `Bearer ${token}` });
  return [
    { method: 'GET', path: '/api/' },
    { method: 'GET', path: '/api/users/me', headers: auth(collab) },
    { method: 'GET', path: '/api/users/me/accounting-firms', headers: auth(expert) },
    { method: 'GET', path: '/api/users/me/accounting-firms/1/vendors', headers: auth(client) },
    { method: 'GET', path: '/api/accounting-firms/1/vendors?per_page=25', headers: auth(expert) },
    { method: 'GET', path: '/api/vendors/1', headers: auth(collab) },
    { method: 'GET', path: '/api/vendors/1/banks', headers: auth(expert) },
    { method: 'GET', path: '/api/vendors/1/addresses', headers: auth(expert) },
    { method: 'GET', path: '/api/vendors/1/accounting-periods', headers: auth(client) },
    { method: 'GET', path: '/api/vendors/1/users', headers: auth(expert) },
    { method: 'GET', path: '/api/vendors/1/roles', headers: auth(client) },
  ];
}

export async function run() {
  const lines = [HEADER];
  const baseline = await startBaseline(4701, { data: { id: 1, company: 'x'.repeat(600) } });
  const base = await measure({
    url: baseline.base,
    connections: 50,
    duration: Math.min(DURATION, 10),
    requests: [{ path: '/api/vendors/1' }],
  });
  await baseline.stop();
  lines.push(row('baseline: bare Fastify, same payload size, 50 conn', base, base));
  for (const [name, databaseUrl] of [
    ['PGlite', null],
    ['PostgreSQL', await freshPostgres(PG_URL, 'portal_bench')],
  ]) {
    const server = await startServer({ port: 4702, databaseUrl });
    const requests = await mix(server.base);
    for (const connections of [50, 200]) {
      const m = await measure({ url: server.base, connections, duration: DURATION, requests });
      lines.push(row(`${name}: read mix, ${connections} conn`, m, base));
      console.log(lines.at(-1));
    }
    const login = await measure({
      url: `${server.base}/api/login`,
      connections: 8,
      duration: Math.min(DURATION, 10),
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'expert@demo.test', password: 'Demo-portal-2026' }),
    });
    lines.push(row(`${name}: sign-in (argon2id), 8 conn`, login));
    console.log(`${name} server RSS after the runs: ${server.rssMb().toFixed(0)} MB`);
    await server.stop();
  }
  console.log(`\n${lines.join('\n')}`);
  console.log(
    `\nMachine: ${(await import('node:os')).cpus().length} cores, Node ${process.version}; load generator on the same cores.`,
  );
}
