// `npm run bench -- soak`: SOAK_MINUTES (5) of the read mix at SOAK_CONNECTIONS (200), on
// PostgreSQL then on PGlite, sampling the server's RSS every 10 s. On PostgreSQL the run fails on
// any error, a p99 of 250 ms or more, or memory that keeps growing (the last third's mean RSS above
// the first third's by more than 10 %).
import { measure } from './measure.mjs';
import { forAutocannon, readMix } from './mix.mjs';
import { freshPostgres, PG_URL, startServer } from './server.mjs';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 5);
const MAX_GROWTH = 0.1;
const MAX_P99_MS = 250;
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 200);
const DATABASES = (process.env.SOAK_DATABASES ?? 'postgres,pglite').split(',');

export async function run() {
  const summary = [];
  for (const kind of DATABASES) {
    const url = kind === 'postgres' ? await freshPostgres(PG_URL, 'portal_soak') : null;
    const name = url ? 'PostgreSQL' : 'PGlite';
    const server = await startServer({ port: 4703, databaseUrl: url });
    const requests = forAutocannon(await readMix(server.base));
    const samples = [];
    const timer = setInterval(() => samples.push(server.rssMb()), 10_000);
    const m = await measure({ url: server.base, connections: CONNECTIONS, duration: MINUTES * 60, requests });
    clearInterval(timer);
    await server.stop();
    const third = Math.max(1, Math.floor(samples.length / 3));
    const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const first = mean(samples.slice(0, third));
    const last = mean(samples.slice(-third));
    const growth = (last - first) / first;
    console.log(`${name} RSS samples (MB): ${samples.map((s) => s.toFixed(0)).join(' ')}`);
    const line = `| ${name} | ${MINUTES} min, ${CONNECTIONS} conn | ${m.rps} | ${m.p99} | ${m.errors} | ${first.toFixed(0)} → ${last.toFixed(0)} MB (${(growth * 100).toFixed(1)} %) |`;
    summary.push(line);
    console.log(line);
    if (url && growth > MAX_GROWTH) {
      console.error(`${name}: RSS grew by more than ${MAX_GROWTH * 100} % across the soak.`);
      process.exitCode = 1;
    }
    if (url && m.p99 >= MAX_P99_MS) {
      console.error(`${name}: p99 ${m.p99} ms is not under ${MAX_P99_MS} ms.`);
      process.exitCode = 1;
    }
  }
  console.log(
    `\n| soak | length | req/s | p99 ms | errors | RSS first third → last third |\n|---|---|---:|---:|---:|---|\n${summary.join('\n')}`,
  );
}
