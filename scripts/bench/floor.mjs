// The floor an authenticated read is compared to: a bare Fastify route running ONE prepared
// SELECT on the same database, through the same driver and pool size as the server (pg, 10
// connections; or PGlite). Run as a child process, like the server:
//   node scripts/bench/floor.mjs <port> <postgres url | pglite>
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';

const SQL = 'SELECT id, company, client_code, siret, status FROM vendors WHERE id = $1';
// The write floor: one prepared UPDATE of one of the first 50 rows in turn, committed on its own.
const WRITE_SQL = `UPDATE vendors SET notes = $2
  WHERE id = (SELECT id FROM vendors ORDER BY id OFFSET $1 LIMIT 1)
  RETURNING id, company, client_code, siret, status`;

async function serve(port, target) {
  let query;
  let write;
  if (target === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create();
    await db.exec(`CREATE TABLE vendors (id serial PRIMARY KEY, company text, client_code text, siret text, status text, notes text);
      INSERT INTO vendors (company, client_code, siret, status)
        SELECT 'Boulangerie Martin', 'BOUL' || g, '73282932000074', 'active' FROM generate_series(1, 50) g;`);
    query = async (id) => (await db.query(SQL, [id])).rows;
    write = async (id, notes) => (await db.query(WRITE_SQL, [id, notes])).rows;
  } else {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: target, max: 10 });
    query = async (id) => (await pool.query({ name: 'floor', text: SQL, values: [id] })).rows;
    write = async (id, notes) =>
      (await pool.query({ name: 'floor_write', text: WRITE_SQL, values: [id, notes] })).rows;
  }
  const app = Fastify({ logger: false });
  app.get('/api/floor', async (_request, reply) => {
    const rows = await query(1);
    reply.type('application/json').send(JSON.stringify({ data: rows[0] ?? null }));
  });
  let turn = 0;
  app.patch('/api/floor', async (request, reply) => {
    const rows = await write(turn++ % 50, request.body?.notes ?? null);
    reply.type('application/json').send(JSON.stringify({ data: rows[0] ?? null }));
  });
  await app.listen({ port, host: '127.0.0.1' });
}

/** Starts the floor next to a server on the same database; `databaseUrl` null means PGlite. */
export async function startFloor(port, databaseUrl) {
  const child = spawn(
    process.execPath,
    [fileURLToPath(import.meta.url), String(port), databaseUrl ?? 'pglite'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/api/floor`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    path: '/api/floor',
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await serve(Number(process.argv[2]), process.argv[3]);
