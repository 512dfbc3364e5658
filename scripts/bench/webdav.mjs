// `npm run bench -- webdav` (PostgreSQL and Debian's apache2; about 3 minutes, 1 GiB of free disk):
// the network drive (`/dav/`, issue 27) beside Apache mod_dav, started here on loopback with a
// private configuration (its own ServerRoot, PidFile, port and DavLockDB in a temporary
// directory), in the same run:
// (a) PUT then GET of a 100 MB file (best of 3, alternating servers): throughput ratio, target
//     GET ≥ 0.8 of Apache's (PUT is reported: ours hashes and files it, Apache writes it); with
//     each server's CPU time per GET (a loaded machine skews MB/s, much less CPU time) and the
//     portal's resident memory, peak while 8 GETs stream at once;
// (b) PROPFIND Depth 1 (allprop) of a folder of 1,000 documents at 4 connections: rate ratio,
//     target ≥ 0.5 of Apache's;
// (c) a MOVE of that folder (1,000 children) without a name clash: the rows it rewrites in the
//     tree's tables (folders, documents), read from their xmin before and after; target: not one
//     per child (at most 3).
// Ports 4790 (ours) and 4791 (Apache) (`BENCH_WEBDAV_PORT` moves both), database
// `portal_bench_webdav`. Not part of `npm test`: apache2 is installed by hand (`apt-get install -y apache2`).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { cpuSecondsOf, freshPostgres, PG_URL, startServer } from './server.mjs';

const PORT = Number(process.env.BENCH_WEBDAV_PORT ?? 4790);
const APACHE_PORT = PORT + 1;
const SIZE = 100 * 1000 * 1000;
const ENTRIES = 1000;
const SECONDS = Number(process.env.BENCH_ROUTE_SECONDS ?? 10);
const TARGET = { get: 0.8, propfind: 0.5, moveRows: 3 };
const EMAIL = 'expert@demo.test';
const PASSWORD = 'Dav-portal-2026';
const AUTH = `Basic ${Buffer.from(`${EMAIL}:${PASSWORD}`).toString('base64')}`;
const CLIENT = `/dav/${encodeURIComponent('Cabinet Démo')}/${encodeURIComponent('BOUL01 - Boulangerie Martin')}`;
const MODULES = '/usr/lib/apache2/modules';

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** One request; the body a string, a Buffer or a file path (streamed); the answer drained. */
function request(base, method, url, { headers = {}, body, file } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${url}`, { method, agent, headers }, (res) => {
      let bytes = 0;
      let text = '';
      res.on('data', (chunk) => {
        bytes += chunk.length;
        if (text.length < 4096) text += chunk.toString('utf8');
      });
      res.on('end', () => resolve({ status: res.statusCode, bytes, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (file) {
      req.setHeader('content-length', fs.statSync(file).size);
      pipeline(fs.createReadStream(file, { highWaterMark: 1 << 20 }), req).catch(reject);
    } else req.end(body);
  });
}

async function expectStatus(promise, statuses, what) {
  const res = await promise;
  if (!statuses.includes(res.status))
    throw new Error(`${what}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
  return res;
}

/** Apache with mod_dav on loopback, everything in its own directory; stopped by its pid. */
export async function startApache(dir) {
  if (!fs.existsSync('/usr/sbin/apache2') || !fs.existsSync(`${MODULES}/mod_dav_fs.so`))
    throw new Error("Debian's apache2 is missing: apt-get install -y apache2");
  const www = path.join(dir, 'www');
  // Apache's children run as www-data: they must traverse the temporary directory.
  fs.chmodSync(dir, 0o755);
  fs.mkdirSync(www, { recursive: true });
  fs.mkdirSync(path.join(dir, 'lock'), { recursive: true });
  const asRoot = process.getuid?.() === 0;
  const conf = path.join(dir, 'apache.conf');
  fs.writeFileSync(
    conf,
    [
      `ServerRoot "${dir}"`,
      `DefaultRuntimeDir "${dir}"`,
      `PidFile "${dir}/apache.pid"`,
      `Mutex file:${dir} default`,
      `LoadModule mpm_event_module ${MODULES}/mod_mpm_event.so`,
      `LoadModule authz_core_module ${MODULES}/mod_authz_core.so`,
      `LoadModule dav_module ${MODULES}/mod_dav.so`,
      `LoadModule dav_fs_module ${MODULES}/mod_dav_fs.so`,
      ...(asRoot ? ['User www-data', 'Group www-data'] : []),
      `Listen 127.0.0.1:${APACHE_PORT}`,
      'ServerName 127.0.0.1',
      `ErrorLog "${dir}/error.log"`,
      'LogLevel warn',
      'KeepAlive On',
      'MaxKeepAliveRequests 0',
      'LimitRequestBody 0',
      `DavLockDB "${dir}/lock/DavLock"`,
      `DocumentRoot "${www}"`,
      `<Directory "${www}">`,
      '  DAV On',
      '  Require all granted',
      '</Directory>',
      '',
    ].join('\n'),
  );
  if (asRoot) {
    fs.chownSync(path.join(dir, 'lock'), 33, 33);
    fs.chownSync(www, 33, 33);
  }
  const child = spawn('/usr/sbin/apache2', ['-f', conf, '-DFOREGROUND'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${APACHE_PORT}`;
  let up = false;
  for (let i = 0; i < 300 && !up && child.exitCode === null; i++) {
    try {
      up = (await request(base, 'OPTIONS', '/')).status === 200;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  if (!up) {
    child.kill('SIGTERM');
    throw new Error(`Apache did not start (see ${dir}/error.log and the lines above)`);
  }
  return {
    base,
    www,
    /** CPU seconds of Apache's processes (the parent and its children, found by their config). */
    cpuSeconds() {
      let total = 0;
      for (const pid of fs.readdirSync('/proc')) {
        if (!/^\d+$/.test(pid)) continue;
        try {
          if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(conf)) total += cpuSecondsOf(pid);
        } catch {}
      }
      return total;
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * Requests per second of PROPFIND on `url` at 4 connections for SECONDS, each answer read whole
 * (autocannon knows no PROPFIND), with the median time.
 */
async function rate(base, url, headers) {
  const times = [];
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (Date.now() < end) {
        const start = process.hrtime.bigint();
        const res = await request(base, 'PROPFIND', url, { headers });
        if (res.status !== 207) throw new Error(`PROPFIND ${base}${url}: HTTP ${res.status}`);
        times.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { rps: Math.round((times.length / SECONDS) * 10) / 10, p50: Math.round(times[times.length >> 1]) };
}

/** MB/s of one transfer. */
async function timed(run) {
  const start = process.hrtime.bigint();
  const res = await run();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return { mbps: SIZE / 1e6 / seconds, res };
}

/** The rows of the tree's tables whose version (xmin) changed between two snapshots. */
async function treeVersions(client) {
  const { rows } = await client.query(
    "SELECT 'f' || id AS k, xmin::text AS v FROM folders UNION ALL SELECT 'd' || id, xmin::text FROM documents",
  );
  return new Map(rows.map((r) => [r.k, r.v]));
}

export async function run() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-webdav-'));
  const url = await freshPostgres(PG_URL, 'portal_bench_webdav');
  const server = await startServer({ port: PORT, databaseUrl: url });
  const apache = await startApache(tmp);
  const ours = {
    name: 'portal',
    base: server.base,
    headers: { authorization: AUTH },
    dir: `${CLIENT}/bench`,
    cpu: server.cpuSeconds,
  };
  const theirs = { name: 'apache', base: apache.base, headers: {}, dir: '/bench', cpu: apache.cpuSeconds };
  const load = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
  try {
    console.log(`load before: ${load()}`);
    const file = path.join(tmp, 'big.bin');
    const block = randomBytes(1 << 20);
    const out = fs.openSync(file, 'w');
    for (let written = 0; written < SIZE; written += block.length)
      fs.writeSync(out, block, 0, Math.min(block.length, SIZE - written));
    fs.closeSync(out);
    for (const s of [ours, theirs])
      await expectStatus(
        request(s.base, 'MKCOL', `${s.dir}/`, { headers: s.headers }),
        [201],
        `${s.name} MKCOL`,
      );

    // (a) PUT and GET of 100 MB, best of 3, the servers alternating; the servers' CPU time per GET
    // (less sensitive than MB/s to a loaded machine) and the portal's resident memory.
    const best = { portal: { put: 0, get: 0 }, apache: { put: 0, get: 0 } };
    const getCpu = { portal: [], apache: [] };
    let rssPeak = server.rssMb();
    const rssBefore = rssPeak;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, server.rssMb());
    }, 20);
    for (let round = 0; round < 3; round++) {
      for (const s of [ours, theirs]) {
        const put = await timed(() =>
          expectStatus(
            request(s.base, 'PUT', `${s.dir}/big.bin`, {
              headers: { ...s.headers, 'content-type': 'application/octet-stream' },
              file,
            }),
            [200, 201, 204],
            `${s.name} PUT`,
          ),
        );
        const cpuBefore = s.cpu();
        const get = await timed(() =>
          expectStatus(
            request(s.base, 'GET', `${s.dir}/big.bin`, { headers: s.headers }),
            [200],
            `${s.name} GET`,
          ),
        );
        getCpu[s.name].push((s.cpu() - cpuBefore) * 1000);
        if (get.res.bytes !== SIZE) throw new Error(`${s.name} GET: ${get.res.bytes} bytes`);
        best[s.name].put = Math.max(best[s.name].put, put.mbps);
        best[s.name].get = Math.max(best[s.name].get, get.mbps);
      }
    }

    // 8 GETs at once from the portal: its memory while they stream.
    await Promise.all(
      Array.from({ length: 8 }, () =>
        expectStatus(
          request(ours.base, 'GET', `${ours.dir}/big.bin`, { headers: ours.headers }),
          [200],
          'GET',
        ),
      ),
    );
    clearInterval(sampler);
    const median = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];
    const cpuMs = { portal: median(getCpu.portal), apache: median(getCpu.apache) };
    console.log(`100 MB, best of 3 (MB/s): ${JSON.stringify(best)}; load ${load()}`);
    console.log(
      `CPU per 100 MB GET (ms, median of 3): portal ${cpuMs.portal.toFixed(0)}, apache ${cpuMs.apache.toFixed(0)}; portal RSS ${rssBefore.toFixed(0)} MB, peak ${rssPeak.toFixed(0)} MB (with 8 GETs at once)`,
    );

    // (b) A folder of 1,000 documents: ours filed through PUT (4 at a time), Apache's written to disk.
    const list = (s) => `${s.dir}/list/`;
    await expectStatus(
      request(ours.base, 'MKCOL', list(ours), { headers: ours.headers }),
      [201],
      'MKCOL list',
    );
    fs.mkdirSync(path.join(apache.www, 'bench', 'list'));
    for (let i = 0; i < ENTRIES; i++)
      fs.writeFileSync(
        path.join(apache.www, 'bench', 'list', `facture-${String(i).padStart(4, '0')}.pdf`),
        `doc ${i}`,
      );
    if (process.getuid?.() === 0) fs.chownSync(path.join(apache.www, 'bench', 'list'), 33, 33);
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < ENTRIES) {
          const i = next++;
          await expectStatus(
            request(ours.base, 'PUT', `${list(ours)}facture-${String(i).padStart(4, '0')}.pdf`, {
              headers: { ...ours.headers, 'content-type': 'application/pdf' },
              body: `doc ${i}`,
            }),
            [201],
            'PUT entry',
          );
        }
      }),
    );
    const rates = {};
    for (const s of [theirs, ours]) {
      const full = await new Promise((resolve, reject) =>
        http
          .request(
            `${s.base}${list(s)}`,
            { method: 'PROPFIND', headers: { ...s.headers, depth: '1' } },
            (res) => {
              let text = '';
              res.on('data', (c) => (text += c));
              res.on('end', () => resolve({ status: res.statusCode, text }));
            },
          )
          .on('error', reject)
          .end(),
      );
      const responses = (full.text.match(/<D:response[\s>]/gi) ?? []).length;
      if (full.status !== 207 || responses !== ENTRIES + 1)
        throw new Error(`${s.name} PROPFIND: HTTP ${full.status}, ${responses} responses`);
      rates[s.name] = await rate(s.base, list(s), { ...s.headers, depth: '1' });
      console.log(`PROPFIND ${s.name}: ${JSON.stringify(rates[s.name])}; load ${load()}`);
    }

    // (c) A MOVE of the folder of 1,000 documents, no name clash: the tree's rows it rewrites.
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const before = await treeVersions(db);
    await expectStatus(
      request(ours.base, 'MOVE', list(ours), {
        headers: { ...ours.headers, destination: `${ours.base}${ours.dir}/moved/`, overwrite: 'F' },
      }),
      [201],
      'MOVE',
    );
    const after = await treeVersions(db);
    await db.end();
    const rewritten = [...after].filter(([k, v]) => before.get(k) !== v).length;

    const ratio = (a, b) => (a / b).toFixed(2);
    const getRatio = best.portal.get / best.apache.get;
    const propfindRatio = rates.portal.rps / rates.apache.rps;
    console.log('| measure | portal | Apache mod_dav | ratio | target |');
    console.log('|---|---:|---:|---:|---:|');
    console.log(
      `| GET 100 MB (MB/s, best of 3) | ${best.portal.get.toFixed(0)} | ${best.apache.get.toFixed(0)} | ${ratio(best.portal.get, best.apache.get)} | ≥ ${TARGET.get} |`,
    );
    console.log(
      `| GET 100 MB: server CPU (ms, median of 3) | ${cpuMs.portal.toFixed(0)} | ${cpuMs.apache.toFixed(0)} | ${ratio(cpuMs.apache, cpuMs.portal)} | (reported) |`,
    );
    console.log(
      `| PUT 100 MB (MB/s, best of 3) | ${best.portal.put.toFixed(0)} | ${best.apache.put.toFixed(0)} | ${ratio(best.portal.put, best.apache.put)} | (reported) |`,
    );
    console.log(
      `| PROPFIND Depth 1, ${ENTRIES} entries (req/s, 4 conn., ${SECONDS} s) | ${rates.portal.rps} (p50 ${rates.portal.p50} ms) | ${rates.apache.rps} (p50 ${rates.apache.p50} ms) | ${ratio(rates.portal.rps, rates.apache.rps)} | ≥ ${TARGET.propfind} |`,
    );
    console.log(
      `| MOVE of a folder of ${ENTRIES} documents: tree rows rewritten | ${rewritten} | | | ≤ ${TARGET.moveRows} |`,
    );
    console.log(`load after: ${load()}`);
    const missed = [
      getRatio < TARGET.get && 'GET',
      propfindRatio < TARGET.propfind && 'PROPFIND',
      rewritten > TARGET.moveRows && 'MOVE',
    ].filter(Boolean);
    if (missed.length) {
      console.log(`targets missed: ${missed.join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await apache.stop();
    await server.stop();
    agent.destroy();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
