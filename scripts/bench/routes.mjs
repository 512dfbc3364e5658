// `npm run bench -- routes`: each read of the mix (and each write) on its own, at 50 connections, next to a bare
// Fastify route answering the same number of bytes from memory (measured in the same run). The
// ratio says how much of the bare HTTP stack's throughput the route keeps.
import { startBaseline } from './baseline.mjs';
import { HEADER, measure, row } from './measure.mjs';
import { forAutocannon, readMix, writeMix } from './mix.mjs';
import { freshPostgres, PG_URL, startServer } from './server.mjs';

const SECONDS = Number(process.env.BENCH_ROUTE_SECONDS ?? 5);

export async function run() {
  const lines = [HEADER];
  const baselines = new Map();
  for (const [name, databaseUrl] of [
    ['PostgreSQL', await freshPostgres(PG_URL, 'portal_bench')],
    ['PGlite', null],
  ]) {
    const server = await startServer({ port: 4702, databaseUrl });
    for (const request of [...(await readMix(server.base)), ...(await writeMix(server.base))]) {
      const res = await fetch(server.base + request.path, {
        method: request.method,
        headers: request.headers,
        body: request.body,
      });
      const bytes = (await res.arrayBuffer()).byteLength;
      if (!baselines.has(bytes)) baselines.set(bytes, await baselineFor(bytes));
      const m = await measure({
        url: server.base,
        connections: 50,
        duration: SECONDS,
        requests: forAutocannon([request]),
      });
      lines.push(row(`${name}: ${request.name} (${bytes} B)`, m, baselines.get(bytes)));
      console.log(lines.at(-1));
    }
    await server.stop();
  }
  console.log(`\n${lines.join('\n')}`);
}

async function baselineFor(bytes) {
  const baseline = await startBaseline(4701, bytes);
  const m = await measure({
    url: baseline.base,
    connections: 50,
    duration: Math.min(SECONDS, 3),
    requests: [{ path: '/api/x' }],
  });
  await baseline.stop();
  return m;
}
