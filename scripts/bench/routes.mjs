// `npm run bench -- routes`: each read of the mix (and each write) on its own at 50 connections,
// next to, in the same run:
// - the floor: a bare Fastify route running one prepared SELECT on the same database through the
//   same driver and pool size (floor.mjs). An authenticated read should keep at least half of it
//   on PostgreSQL, a write 0.3;
// - a bare Fastify route answering the same number of bytes from memory (the HTTP stack alone).
import pg from 'pg';
import { startBaseline } from './baseline.mjs';
import { startFloor } from './floor.mjs';
import { measure } from './measure.mjs';
import { forAutocannon, readMix, writeMix } from './mix.mjs';
import { freshPostgres, PG_URL, startServer } from './server.mjs';

const SECONDS = Number(process.env.BENCH_ROUTE_SECONDS ?? 5);
const TARGET = { read: 0.5, write: 0.3 };

async function analyze(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('VACUUM ANALYZE');
  await client.end();
}

export async function run() {
  const baselines = new Map();
  const results = new Map(); // route name -> { bytes, kind, PostgreSQL: m, PGlite: m }
  const floors = {};
  const writeFloors = {};
  for (const [name, databaseUrl] of [
    ['PostgreSQL', await freshPostgres(PG_URL, 'portal_bench')],
    ['PGlite', null],
  ]) {
    const server = await startServer({ port: 4702, databaseUrl });
    const floor = await startFloor(4704, databaseUrl);
    floors[name] = await measure({
      url: floor.base,
      connections: 50,
      duration: SECONDS,
      requests: [{ path: floor.path }],
    });
    console.log(`${name}: floor (one prepared SELECT) ${floors[name].rps} req/s, p99 ${floors[name].p99} ms`);
    const reads = (await readMix(server.base, { probes: true })).map((r) => ({ ...r, kind: 'read' }));
    const writes = (await writeMix(server.base)).map((r) => ({ ...r, kind: 'write' }));
    // What autovacuum does within a minute of the seeding: statistics for the planner.
    if (databaseUrl) await analyze(databaseUrl);
    // The write floor needs the rows the write mix created (on PostgreSQL the floor shares them).
    writeFloors[name] = await measure({
      url: floor.base,
      connections: 50,
      duration: SECONDS,
      requests: [
        {
          method: 'PATCH',
          path: floor.path,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ notes: 'Relance TVA envoyée.' }),
        },
      ],
    });
    await floor.stop();
    console.log(`${name}: write floor (one prepared UPDATE) ${writeFloors[name].rps} req/s`);
    for (const request of [...reads, ...writes]) {
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
      const entry = results.get(request.name) ?? { bytes, kind: request.kind, target: request.target };
      entry[name] = m;
      results.set(request.name, entry);
      console.log(
        `${name}: ${request.name} (${bytes} B) ${m.rps} req/s, p99 ${m.p99} ms, ${(m.rps / floors[name].rps).toFixed(2)} of the floor, ${m.errors} errors`,
      );
    }
    await server.stop();
  }
  const ratio = (m, floor) => (m && floor ? (m.rps / floor.rps).toFixed(2) : '');
  const lines = [
    '| route, 50 conn | PostgreSQL req/s | PostgreSQL p99 ms | ratio to floor (PG) | PGlite req/s | ratio to floor (PGlite) | ratio (PG) to a bare route of the same size |',
    '|---|---:|---:|---:|---:|---:|---:|',
    `| floor: bare Fastify + one prepared SELECT | ${floors.PostgreSQL.rps} | ${floors.PostgreSQL.p99} | 1.00 | ${floors.PGlite.rps} | 1.00 | |`,
    `| write floor: bare Fastify + one prepared UPDATE, committed | ${writeFloors.PostgreSQL.rps} | ${writeFloors.PostgreSQL.p99} | ${ratio(writeFloors.PostgreSQL, floors.PostgreSQL)} | ${writeFloors.PGlite.rps} | ${ratio(writeFloors.PGlite, floors.PGlite)} | |`,
  ];
  const below = [];
  for (const [route, e] of results) {
    const pg = e.PostgreSQL;
    const r = pg.rps / floors.PostgreSQL.rps;
    const target = e.target ?? TARGET[e.kind];
    if (target && r < target) below.push(`${route} (${r.toFixed(2)} < ${target})`);
    lines.push(
      `| ${route} (${e.bytes} B) | ${pg.rps} | ${pg.p99} | ${ratio(pg, floors.PostgreSQL)} | ${e.PGlite?.rps ?? ''} | ${ratio(e.PGlite, floors.PGlite)} | ${(pg.rps / baselines.get(e.bytes).rps).toFixed(2)} |`,
    );
  }
  console.log(`\n${lines.join('\n')}`);
  console.log(
    below.length
      ? `\nBelow target on PostgreSQL (reads ${TARGET.read} of the floor unless a route says otherwise, writes ${TARGET.write}): ${below.join('; ')}`
      : `\nEvery route meets its target on PostgreSQL (reads >= ${TARGET.read} of the floor unless a route says otherwise, writes >= ${TARGET.write}).`,
  );
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
