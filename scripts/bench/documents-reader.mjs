// Part (d) of `npm run bench -- documents` (`BENCH_DOCUMENTS_PARTS=reader` alone): the cached first
// page of a folder of 1,000 documents in one client file (50 connections), alone, then while a
// client user of another client file keeps opening documents (4 at a time, each unread to them:
// every open writes a read mark and announces it), then while they open documents already read
// (nothing written: the same load on the two cores without any notification), then with each open
// followed by the notification a read mark sent before (the firm's id: all its answers dropped),
// then alone again. A read mark drops
// only that person's document pages and unread counts (docs/decisions.md), so the page keeps its
// cached speed: the ratio of its req/s with the reader to without is the figure reported.
import pg from 'pg';
import { measure } from './measure.mjs';
import { api, seedDocument, seedDocuments } from './seed-document.mjs';
import { signIn } from './server.mjs';

const LISTED = 1_000;
/** More documents than the reader opens in a run: each of its opens is a first one. */
const TO_OPEN = 30_000;
const READERS = 4;

/** `READERS` loops opening `ids` in turn (the viewer's download) until stopped: opens per second. */
function startReader(base, token, vendor, ids, afterOpen = async () => {}) {
  let next = 0;
  let opened = 0;
  let failed = 0;
  let stopped = false;
  const started = process.hrtime.bigint();
  const loops = Array.from({ length: READERS }, async () => {
    while (!stopped) {
      const id = ids[next++ % ids.length];
      const res = await fetch(`${base}/api/vendors/${vendor}/documents/${id}/content?disposition=inline`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await res.arrayBuffer();
      await afterOpen();
      if (res.ok) opened++;
      else failed++;
    }
  });
  return async () => {
    stopped = true;
    await Promise.all(loops);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (failed) {
      console.log(`  reader: ${failed} failed opens`);
      process.exitCode = 1;
    }
    return { opened, perSecond: opened / seconds };
  };
}

export async function runReaderPart({ server, databaseUrl, seconds }) {
  const expert = await signIn(server.base, 'expert@demo.test');
  const client = await signIn(server.base, 'client@demo.test');
  const me = (await api(server.base, expert, 'GET', '/api/users/me')).data;
  const reader = (await api(server.base, client, 'GET', '/api/users/me')).data;
  const firms = (await api(server.base, expert, 'GET', '/api/users/me/accounting-firms')).data;
  const firm = firms.find((f) => f.name === 'Cabinet Démo') ?? firms[0];
  const readerVendors = (
    await api(server.base, client, 'GET', `/api/users/me/accounting-firms/${firm.id}/vendors`)
  ).data;
  const readerVendor = readerVendors[0].id;
  const vendors = (await api(server.base, expert, 'GET', `/api/accounting-firms/${firm.id}/vendors`)).data;
  const listedVendor = vendors.find((v) => !readerVendors.some((r) => r.id === v.id)).id;
  const mkdir = async (vendor, name) => {
    const root = (await api(server.base, expert, 'GET', `/api/vendors/${vendor}/folders`)).data[0].id;
    return (
      await api(server.base, expert, 'POST', `/api/vendors/${vendor}/folders`, { name, parent_id: root })
    ).data.id;
  };
  const listed = await mkdir(listedVendor, 'Bench 1000');
  const toRead = await mkdir(readerVendor, 'Bench lecture');
  const version = await seedDocument(server.base, expert, readerVendor, toRead, 'reader');

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query('SELECT blob_key FROM document_versions WHERE id = $1', [version.id]);
  const common = {
    firm: firm.id,
    author: me.id,
    blobKey: rows[0].blob_key,
    md5: version.md5,
    size: version.size,
  };
  await seedDocuments(db, { ...common, vendor: listedVendor, folder: listed, count: LISTED });
  const ids = await seedDocuments(db, { ...common, vendor: readerVendor, folder: toRead, count: TO_OPEN });
  const marks = async () =>
    Number(
      (await db.query('SELECT count(*) AS n FROM document_reads WHERE user_id = $1', [reader.id])).rows[0].n,
    );

  const pagePath = `/api/vendors/${listedVendor}/folders/${listed}/nodes`;
  const first = await api(server.base, expert, 'GET', pagePath);
  if (first.total !== LISTED) throw new Error(`the folder lists ${first.total} nodes`);
  const page = (duration = seconds) =>
    measure({
      url: server.base,
      connections: 50,
      duration,
      requests: [{ path: pagePath, headers: { authorization: `Bearer ${expert}` } }],
    });

  // Warmed up (V8 compiles the route's code paths), then measured alone before and after the
  // reader's runs: the machine's speed drifts, the reference is their mean.
  await page(3);
  const before = await page();
  // Every open a first one: a read mark written and announced each time.
  const marksBefore = await marks();
  let stop = startReader(server.base, client, readerVendor, ids);
  const withMarks = await page();
  const marking = await stop();
  const written = (await marks()) - marksBefore;
  // The same opens of documents already read: nothing written, nothing announced.
  const alreadyRead = ids.slice(0, Math.max(1, Math.min(written, 2_000)));
  stop = startReader(server.base, client, readerVendor, alreadyRead);
  const withoutMarks = await page();
  const rereading = await stop();
  const rewritten = (await marks()) - marksBefore - written;
  // As before this change, for comparison: each open announcing the firm's id alone (every cached
  // answer of the firm dropped), as the read marks' trigger did.
  const notifier = new pg.Pool({ connectionString: databaseUrl, max: READERS });
  stop = startReader(server.base, client, readerVendor, alreadyRead, () =>
    notifier.query("SELECT pg_notify('portal_reads', $1)", [String(firm.id)]),
  );
  const flushing = await page();
  const flusher = await stop();
  await notifier.end();
  const after = await page();
  await db.end();
  const alone = { rps: Math.round((before.rps + after.rps) / 2), p99: Math.max(before.p99, after.p99) };

  const ratio = (m) => (m.rps / alone.rps).toFixed(2);
  console.log(
    `cached first page of ${LISTED}: alone ${before.rps} then ${after.rps} req/s (p99 ${alone.p99} ms); while a client opens unread documents (${marking.perSecond.toFixed(0)}/s, ${written} marks written) ${withMarks.rps} req/s (p99 ${withMarks.p99} ms), ratio ${ratio(withMarks)}; while they reopen read ones (${rereading.perSecond.toFixed(0)}/s, ${rewritten} marks written) ${withoutMarks.rps} req/s, ratio ${ratio(withoutMarks)}; as before (each open dropping the firm's answers, ${flusher.perSecond.toFixed(0)}/s) ${flushing.rps} req/s, ratio ${ratio(flushing)}`,
  );
  return [
    `| first page (25) of a folder of ${LISTED} documents, 50 conn, alone (before and after the reader) | ${before.rps} / ${after.rps} req/s, p99 ${alone.p99} ms | | | |`,
    `| the same while a client of another client file opens unread documents (${READERS} at a time, ${marking.perSecond.toFixed(0)}/s, ${written} read marks written) | ${withMarks.rps} req/s, p99 ${withMarks.p99} ms | alone ${alone.rps} req/s | ${ratio(withMarks)} | |`,
    `| the same while they reopen read documents (${rereading.perSecond.toFixed(0)}/s, ${rewritten} written) | ${withoutMarks.rps} req/s, p99 ${withoutMarks.p99} ms | alone ${alone.rps} req/s | ${ratio(withoutMarks)} | |`,
    `| the same as before this change: each open drops the firm's cached answers (${flusher.perSecond.toFixed(0)}/s) | ${flushing.rps} req/s, p99 ${flushing.p99} ms | alone ${alone.rps} req/s | ${ratio(flushing)} | |`,
  ];
}
