// `npm run bench -- documents` (PostgreSQL; about 4 minutes and 3 GiB of free disk):
// (a) a 1 GiB file uploaded through the flow.js chunk protocol on loopback (5,242,880-byte chunks,
//     5 in flight, MD5 sent, assembly included) beside the upload floor (upload-floor.mjs: a bare
//     node:http server taking the same chunks from the same client, writing each at its offset,
//     flushing it and computing MD5 and SHA-256; measured before and after the product, in the same
//     run); target 0.7 of the floor. A plain sequential write of 1 GiB (`dd ... conv=fdatasync`) on
//     the same disk is reported as information only: it measures the host's cache more than the
//     disk (290 MB/s one day, 2.5 GB/s the next), and the upload is CPU-bound (two digests);
// (b) a ZIP of 2 GiB (the 1 GiB file and its copy) streamed to the client;
// (c) the first page of a folder of 10,000 documents at 50 connections beside the floor (one
//     prepared SELECT, floor.mjs); target 0.4;
// (d) the cached first page of a folder of 1,000 documents while a client of another client file
//     keeps opening documents (documents-reader.mjs): its req/s with the reader to without;
// (e) themes (documents-themes.mjs): the page of (c) by a collaborator holding themes, with a
//     workflow active, to the same without (target 0.9) and to the floor (0.4); tagging a folder
//     of 10,000 subfolders (under 1 s).
// Server RSS is sampled every 100 ms throughout (target under 300 MB for the upload and the ZIP;
// reported for the page). Ports 4760-4763 (`BENCH_DOCUMENTS_PORT` moves the first; the others follow),
// database `portal_bench_documents` (`BENCH_DOCUMENTS_DB`). `BENCH_UPLOAD_FLOOR_THREADS=2` hashes the floor's two
// digests on two threads instead of one (as the product does).
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runReaderPart } from './documents-reader.mjs';
import { runThemesPart } from './documents-themes.mjs';
import { startFloor } from './floor.mjs';
import { measure } from './measure.mjs';
import { seedDocuments } from './seed-document.mjs';
import { freshPostgres, PG_URL, postgresCpuSeconds, signIn, startServer } from './server.mjs';
import { startUploadFloor } from './upload-floor.mjs';

const GiB = 1024 ** 3;
const PORT = Number(process.env.BENCH_DOCUMENTS_PORT ?? 4760);
const CHUNK = 5_242_880;
const IN_FLIGHT = 5;
/** One upload before the measured one (a running server's code paths are compiled). */
const WARM_UP_BYTES = 64 * 1024 * 1024;
const SECONDS = Number(process.env.BENCH_ROUTE_SECONDS ?? 10);
const TARGET = { upload: 0.7, page: 0.4, rssMb: 300 };
const FLOOR_THREADS = Number(process.env.BENCH_UPLOAD_FLOOR_THREADS ?? 1);
/** `BENCH_DOCUMENTS_PARTS=upload,page` runs some parts only (the ZIP needs the upload). */
const PARTS = new Set((process.env.BENCH_DOCUMENTS_PARTS ?? 'upload,page,zip,reader,themes').split(','));

const mb = (bytes) => bytes / 1e6;

/** A sequential write of 1 GiB synced to disk, as `dd` does it: MB/s (information only). */
function ddWrite(dir) {
  const file = path.join(dir, 'portal-bench-dd.bin');
  const start = process.hrtime.bigint();
  execFileSync('dd', ['if=/dev/zero', `of=${file}`, 'bs=1M', 'count=1024', 'conv=fdatasync'], {
    stdio: 'ignore',
  });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  fs.rmSync(file, { force: true });
  return mb(GiB) / seconds;
}

/** Samples a process's RSS until stopped: the highest value and every sample. */
function sampler(server) {
  const samples = [];
  const timer = setInterval(() => samples.push(server.rssMb()), 100);
  return {
    stop() {
      clearInterval(timer);
      return { max: Math.max(0, ...samples), first: samples[0] ?? 0, samples };
    },
  };
}

async function api(base, token, method, url, body) {
  const res = await fetch(base + url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

/**
 * The 1 GiB file, chunk by chunk: random bytes stamped with the chunk number, never held whole.
 * `bytes(n, into)` writes chunk `n` into a buffer of the caller's (one per chunk in flight, as a
 * browser reads slices of a file without allocating the file): a new 5 MiB buffer per chunk cost
 * the client more CPU, on the two cores the server uses, than sending it (page faults, zeroing).
 */
function chunks(total) {
  const count = Math.max(1, Math.floor(total / CHUNK));
  const base = randomBytes(2 * CHUNK);
  const sizeOf = (n) => (n < count ? CHUNK : total - (count - 1) * CHUNK);
  return {
    count,
    buffer: () => Buffer.from(base),
    bytes(n, into) {
      into.writeUInt32LE(n, 0);
      return into.subarray(0, sizeOf(n));
    },
  };
}

/**
 * One chunk as a multipart body, written as a browser streams a Blob: the fields, the file part's
 * head, the bytes and the closing boundary, with a Content-Length. (undici's FormData encoding
 * spent 2.5 s of CPU per GiB on the two cores the server uses; a browser runs elsewhere.)
 */
function postChunk(agent, url, token, fields, bytes) {
  const boundary = `----portalbench${randomBytes(12).toString('hex')}`;
  let head = '';
  for (const [k, v] of Object.entries(fields))
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  head += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\n`;
  head += 'Content-Type: application/octet-stream\r\n\r\n';
  const tail = `\r\n--${boundary}--\r\n`;
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': Buffer.byteLength(head) + bytes.length + Buffer.byteLength(tail),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(text))));
      },
    );
    req.on('error', reject);
    req.write(head);
    req.write(bytes);
    req.end(tail);
  });
}

/** Uploads `total` bytes as flow.js does, `IN_FLIGHT` chunks at once; answers the document id. */
export async function chunkedUpload(base, token, folderUrl, name, total) {
  const file = chunks(total);
  const md5 = createHash('md5');
  const scratch = file.buffer();
  for (let n = 1; n <= file.count; n++) md5.update(file.bytes(n, scratch));
  const digest = md5.digest('hex');
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  let next = 1;
  let id = null;
  let received = 0n;
  const send = async (n, buffer) => {
    const bytes = file.bytes(n, buffer);
    const fields = {
      flowChunkNumber: n,
      flowChunkSize: CHUNK,
      flowCurrentChunkSize: bytes.length,
      flowTotalSize: total,
      flowIdentifier: `${total}-${name.replace(/\W/g, '')}`,
      flowFilename: name,
      flowRelativePath: name,
      flowTotalChunks: file.count,
      md5: digest,
    };
    const answer = await postChunk(agent, `${base}${folderUrl}/uploads`, token, fields, bytes).catch(
      (error) => {
        throw new Error(`chunk ${n}: ${error.message}`);
      },
    );
    if (answer.data.id) id = answer.data.id;
    else received = process.hrtime.bigint();
  };
  const start = process.hrtime.bigint();
  const clientCpuBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      const buffer = file.buffer();
      while (next <= file.count) await send(next++, buffer);
    }),
  );
  const end = process.hrtime.bigint();
  const clientCpu = process.cpuUsage(clientCpuBefore);
  agent.destroy();
  const seconds = Number(end - start) / 1e9;
  // The other chunks' answers came before the completing one, which waits for the assembly.
  const assembly = received > start ? Number(end - received) / 1e9 : 0;
  return {
    id,
    seconds,
    assembly,
    mbps: mb(total) / seconds,
    clientCpu: (clientCpu.user + clientCpu.system) / 1e6,
  };
}

export async function run() {
  const databaseUrl = await freshPostgres(PG_URL, process.env.BENCH_DOCUMENTS_DB ?? 'portal_bench_documents');
  const server = await startServer({ port: PORT, databaseUrl });
  const rss = sampler(server);
  const dir = os.tmpdir();
  const lines = [];
  try {
    const token = await signIn(server.base, 'expert@demo.test');
    const me = (await api(server.base, token, 'GET', '/api/users/me')).data;
    const firms = (await api(server.base, token, 'GET', '/api/users/me/accounting-firms')).data;
    const firm = firms.find((f) => f.name === 'Cabinet Démo') ?? firms[0];
    const vendors = (await api(server.base, token, 'GET', `/api/accounting-firms/${firm.id}/vendors`)).data;
    const vendor = vendors[0].id;
    const root = (await api(server.base, token, 'GET', `/api/vendors/${vendor}/folders`)).data[0].id;
    const mkdir = async (name, parent = root) =>
      (await api(server.base, token, 'POST', `/api/vendors/${vendor}/folders`, { name, parent_id: parent }))
        .data.id;

    // (a) Upload against the floor (and dd, for information).
    let pageM = { rps: 1 };
    let floorM = { rps: 1 };
    let pageRss = { max: 0 };
    let zipRss = { max: 0 };
    let upload = { mbps: 1, id: null };
    let uploadFloor = 1;
    let uploadRss = { max: 0 };
    const big = await mkdir('Bench upload');
    if (PARTS.has('upload') || PARTS.has('zip')) {
      // The server has served an upload before, as a running one has: the first calls' compilation
      // (V8 optimises the code paths of a request after it has run a few of them) is not measured.
      const warm = await chunkedUpload(
        server.base,
        token,
        `/api/vendors/${vendor}/folders/${await mkdir('Bench warm-up')}`,
        'warm-up.bin',
        WARM_UP_BYTES,
      );
      console.log(`warm-up upload of ${mb(WARM_UP_BYTES).toFixed(0)} MB: ${warm.mbps.toFixed(0)} MB/s`);
      const floorDir = fs.mkdtempSync(path.join(dir, 'portal-upload-floor-'));
      const floor = await startUploadFloor(PORT + 2, floorDir, { threads: FLOOR_THREADS });
      /** The floor's upload of the GiB: MB/s, its CPU seconds and its RSS. */
      const floorUpload = async (name) => {
        const cpuBefore = floor.cpuSeconds();
        const floorRss = sampler(floor);
        const result = await chunkedUpload(floor.base, token, '', name, GiB);
        return { ...result, cpu: floor.cpuSeconds() - cpuBefore, rss: floorRss.stop().max };
      };
      await chunkedUpload(floor.base, token, '', 'warm-up.bin', WARM_UP_BYTES);
      const ddBefore = ddWrite(dir);
      const floorBefore = await floorUpload('floor-1.bin');
      // The server and PostgreSQL idle while the client computes the file's MD5 before it sends.
      const cpuBefore = { server: server.cpuSeconds(), pg: postgresCpuSeconds() };
      upload = await chunkedUpload(
        server.base,
        token,
        `/api/vendors/${vendor}/folders/${big}`,
        'big.bin',
        GiB,
      );
      // What the two cores did for the GiB (the server's hashing thread included).
      const cpu = {
        server: server.cpuSeconds() - cpuBefore.server,
        postgres: postgresCpuSeconds() - cpuBefore.pg,
        client: upload.clientCpu,
      };
      uploadRss = rss.stop();
      const floorAfter = await floorUpload('floor-2.bin');
      const ddAfter = ddWrite(dir);
      await floor.stop();
      fs.rmSync(floorDir, { recursive: true, force: true });
      uploadFloor = (floorBefore.mbps + floorAfter.mbps) / 2;
      const dd = (ddBefore + ddAfter) / 2;
      // On a shared machine the CPU a process spends per GiB varies less than the throughput
      // (PostgreSQL's is every postgres process of the machine's, other users' included).
      const floorCpu = (floorBefore.cpu + floorAfter.cpu) / 2;
      console.log(
        `upload floor 1 GiB (${FLOOR_THREADS} hashing thread${FLOOR_THREADS > 1 ? 's' : ''}): ${floorBefore.mbps.toFixed(0)} / ${floorAfter.mbps.toFixed(0)} MB/s (before / after the product); CPU for the GiB: floor ${floorBefore.cpu.toFixed(2)} / ${floorAfter.cpu.toFixed(2)} s, client ${floorBefore.clientCpu.toFixed(2)} / ${floorAfter.clientCpu.toFixed(2)} s; RSS max ${Math.max(floorBefore.rss, floorAfter.rss).toFixed(0)} MB`,
      );
      console.log(
        `upload 1 GiB: ${upload.seconds.toFixed(1)} s (of which after the other chunks' answers: ${upload.assembly.toFixed(1)} s), ${upload.mbps.toFixed(0)} MB/s; floor ${uploadFloor.toFixed(0)} MB/s; ratio ${(upload.mbps / uploadFloor).toFixed(2)}; dd ${ddBefore.toFixed(0)} / ${ddAfter.toFixed(0)} MB/s (information); server RSS max ${uploadRss.max.toFixed(0)} MB; CPU for the GiB: server ${cpu.server.toFixed(2)} s, PostgreSQL ${cpu.postgres.toFixed(2)} s, client ${cpu.client.toFixed(2)} s`,
      );
      lines.push(
        `| upload 1 GiB, 5 chunks in flight (assembly and MD5 included) | ${upload.mbps.toFixed(0)} MB/s; server CPU ${cpu.server.toFixed(1)} s | upload floor ${uploadFloor.toFixed(0)} MB/s; CPU ${floorCpu.toFixed(1)} s (dd conv=fdatasync ${dd.toFixed(0)} MB/s, information) | ${(upload.mbps / uploadFloor).toFixed(2)} (target ${TARGET.upload}); CPU ${(floorCpu / cpu.server).toFixed(2)} | ${uploadRss.max.toFixed(0)} MB |`,
      );
    }

    // (b) A ZIP of 2 GiB: the big file and its copy. It runs before the page: at 20,000 req/s the page
    // leaves old-generation garbage that V8 collects lazily (its heap may grow to 4x the live one
    // before a full collection), which would be counted against the ZIP's flat memory.
    if (PARTS.has('zip')) {
      await api(server.base, token, 'POST', `/api/vendors/${vendor}/nodes/copy`, {
        folder_id: big,
        document_ids: [upload.id],
        conflict: 'rename',
      });
      const rssZip = sampler(server);
      const start = process.hrtime.bigint();
      const res = await fetch(`${server.base}/api/vendors/${vendor}/folders/${big}/archive`, {
        headers: { authorization: `Bearer ${token}` },
      });
      let bytes = 0;
      for await (const piece of res.body) bytes += piece.length;
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      zipRss = rssZip.stop();
      if (bytes < 2 * GiB) throw new Error(`the ZIP has ${bytes} bytes`);
      console.log(
        `ZIP ${(bytes / GiB).toFixed(2)} GiB in ${seconds.toFixed(1)} s (${(mb(bytes) / seconds).toFixed(0)} MB/s); RSS ${zipRss.first.toFixed(0)} -> max ${zipRss.max.toFixed(0)} MB`,
      );
      lines.push(
        `| streamed ZIP of ${(bytes / GiB).toFixed(2)} GiB (a folder: the 1 GiB file and its copy) | ${(mb(bytes) / seconds).toFixed(0)} MB/s | | | ${zipRss.first.toFixed(0)} -> ${zipRss.max.toFixed(0)} MB |`,
      );
    }
    // (c) The first page of a folder of 10,000 documents against the floor.
    if (PARTS.has('page')) {
      const rssPage = sampler(server);
      const listed = await mkdir('Bench 10000');
      for (const name of ['Achats', 'Ventes', 'Banque']) await mkdir(name, listed);
      const small = await mkdir('Bench small');
      const seedDoc = await chunkedUpload(
        server.base,
        token,
        `/api/vendors/${vendor}/folders/${small}`,
        'seed.pdf',
        1234,
      );
      const version = (
        await api(server.base, token, 'GET', `/api/vendors/${vendor}/documents/${seedDoc.id}/versions`)
      ).data[0];
      const vendorRow = (await api(server.base, token, 'GET', `/api/vendors/${vendor}`)).data;
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const { rows } = await client.query('SELECT blob_key FROM document_versions WHERE id = $1', [
        version.id,
      ]);
      await seedDocuments(client, {
        firm: vendorRow.accounting_firm_id,
        vendor,
        folder: listed,
        author: me.id,
        blobKey: rows[0].blob_key,
        md5: version.md5,
        count: 10_000,
        dated: true,
        name: 'Facture',
      });
      await client.end();
      const floor = await startFloor(PORT + 1, databaseUrl);
      floorM = await measure({
        url: floor.base,
        connections: 50,
        duration: SECONDS,
        requests: [{ path: floor.path }],
      });
      await floor.stop();
      const pagePath = `/api/vendors/${vendor}/folders/${listed}/nodes`;
      const first = await api(server.base, token, 'GET', pagePath);
      if (first.total !== 10_003) throw new Error(`the folder lists ${first.total} nodes`);
      pageM = await measure({
        url: server.base,
        connections: 50,
        duration: SECONDS,
        requests: [{ path: pagePath, headers: { authorization: `Bearer ${token}` } }],
      });
      pageRss = rssPage.stop();
      console.log(
        `first page of 10,000: ${pageM.rps} req/s (p99 ${pageM.p99} ms) vs floor ${floorM.rps} req/s: ratio ${(pageM.rps / floorM.rps).toFixed(2)}; RSS max ${pageRss.max.toFixed(0)} MB`,
      );
      lines.push(
        `| first page (25) of a folder of 10,000 documents, 50 conn | ${pageM.rps} req/s, p99 ${pageM.p99} ms | floor ${floorM.rps} req/s | ${(pageM.rps / floorM.rps).toFixed(2)} (target ${TARGET.page}) | ${pageRss.max.toFixed(0)} MB |`,
      );
    }

    // (d) A page in one client file while a client opens documents in another.
    if (PARTS.has('reader')) lines.push(...(await runReaderPart({ server, databaseUrl, seconds: SECONDS })));
    // (e) Themes and a workflow on the page; tagging a large subtree.
    let themesMissed = false;
    if (PARTS.has('themes')) {
      const themes = await runThemesPart({ server, databaseUrl, seconds: SECONDS, floorPort: PORT + 3 });
      lines.push(...themes.lines);
      themesMissed = themes.missed;
    }

    // The memory targets are the upload's and the ZIP's; the page's RSS is reported.
    const worst = Math.max(uploadRss.max, zipRss.max);
    if (
      themesMissed ||
      worst >= TARGET.rssMb ||
      (PARTS.has('upload') && upload.mbps / uploadFloor < TARGET.upload) ||
      pageM.rps / floorM.rps < TARGET.page
    ) {
      console.log('\nBelow a target (see the table).');
    }
  } finally {
    rss.stop();
    await server.stop();
  }
  console.log(
    `\n| documents (PostgreSQL) | measured | beside | ratio | server RSS max |\n|---|---:|---:|---:|---:|\n${lines.join('\n')}`,
  );
}
