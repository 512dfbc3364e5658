// The floor an authenticated read is compared to: a bare Fastify route running ONE prepared
// SELECT on the same database, through the same driver and pool size as the server (pg, 10
// connections; or PGlite). Run as a child process, like the server:
//   node scripts/bench/floor.mjs <port> <postgres url | pglite>
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';

const SQL = 'SELECT id, company, client_code, siret, status FROM vendors WHERE id = $1';

async function serve(port, target) {
  let query;
  if (target === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create();
    await db.exec(`CREATE TABLE vendors (id serial PRIMARY KEY, company text, client_code text, siret text, status text);
      INSERT INTO vendors (company, client_code, siret, status) VALUES ('Boulangerie Martin', 'BOUL01', '73282932000074', 'active');`);
    query = async (id) => (await db.query(SQL, [id])).rows;
  } else {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: target, max: 10 });
    query = async (id) => (await pool.query({ name: 'floor', text: SQL, values: [id] })).rows;
  }
  const app = Fastify({ logger: false });
  app.get('/api/floor', async (_request, reply) => {
    const rows = await query(1);
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
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await serve(Number(process.argv[2]), process.argv[3]);
