// `npm run bench -- search` (PostgreSQL; about 15 minutes, 3 GB of disk at 1,000,000 documents):
// a generator fills the demo firm with 100,000, then 1,000,000 documents of French invoice-like
// text (words of invoices, names, cities, amounts), written straight into the tables (documents,
// versions, the search index), versions included, on three real blobs uploaded through the API
// (so the blob collector keeps them). At each size: the search p95 with 10 concurrent callers,
// the client file's search and the firm-wide search, beside the floor (one prepared SELECT
// through a bare Fastify route, floor.mjs) measured in the same run; target p95 under 50 ms at
// 1,000,000. Then OCR: pages per minute of tesseract on a scanned page (when installed).
// Ports 4770-4771. `BENCH_SEARCH_SIZES=100000` measures fewer sizes; `BENCH_SEARCH_REUSE=1`
// measures again on the database the last run filled, without generating it again.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startFloor } from './floor.mjs';
import { measure } from './measure.mjs';
import { freshPostgres, PG_URL, signIn, startServer } from './server.mjs';

const SECONDS = Number(process.env.BENCH_ROUTE_SECONDS ?? 10);
const SIZES = (process.env.BENCH_SEARCH_SIZES ?? '100000,1000000').split(',').map(Number);
const CONNECTIONS = 10;
const TARGET_P95_MS = 50;
const FOLDERS_PER_VENDOR = 50;
/** `BENCH_SEARCH_REUSE=1`: measures again on the database a previous run filled (grows it when asked). */
const REUSE = process.env.BENCH_SEARCH_REUSE === '1';

const WORDS = `facture avoir devis relevé montant total TVA HT TTC échéance règlement virement chèque loyer
honoraires prestation fournisseur client commande livraison acompte remise escompte banque salaire
cotisation URSSAF impôt taxe contrat bail assurance électricité téléphone carburant repas hôtel
transport matériel logiciel abonnement maintenance location réparation entretien fourniture bureau
papeterie comptabilité bilan exercice clôture inventaire stock amortissement immobilisation crédit
débit solde compte caisse reçu quittance note frais déplacement péage parking train avion essence
gasoil garage pneus véhicule leasing emprunt intérêts agios commission prélèvement mandat SEPA
référence numéro date paiement conditions pénalités retard intérêts indemnité forfaitaire
recouvrement siège social capital SIRET RCS adresse code postal ville pays désignation quantité
prix unitaire remise nette base taux service conseil audit formation juridique social paie`
  .split(/\s+/)
  .filter(Boolean);
const NAMES = `Dupont Martin Bernard Durand Lefebvre Moreau Laurent Simon Michel Garcia Roux Fontaine
Chevalier Robin Gauthier Perrin Morel Girard André Mercier Blanc Guérin Boyer Garnier Chevallier
François Legrand Gauthier Lambert Bonnet Rousseau Vincent Muller Lefèvre Faure Andre Mercier`
  .split(/\s+/)
  .filter(Boolean);
const CITIES =
  'Paris Lyon Marseille Toulouse Bordeaux Lille Nantes Rennes Strasbourg Montpellier Nice Grenoble'.split(
    ' ',
  );
const KINDS = ['Facture', 'Avoir', 'Devis', 'Relevé', 'Quittance', 'Contrat', 'Note de frais', 'Bulletin'];
const EXTENSIONS = ['pdf', 'pdf', 'pdf', 'docx', 'xlsx', 'jpg'];

const sqlArray = (items) => `ARRAY[${items.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]::text[]`;

async function api(base, token, method, url, body) {
  const res = await fetch(base + url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

/** One small file uploaded in one chunk (flow.js fields): a real blob the generated versions share. */
async function uploadSmall(base, token, vendor, folder, name, content) {
  const form = new FormData();
  const fields = {
    flowChunkNumber: 1,
    flowChunkSize: 1048576,
    flowCurrentChunkSize: content.length,
    flowTotalSize: content.length,
    flowIdentifier: `bench-${name}`,
    flowFilename: name,
    flowRelativePath: name,
    flowTotalChunks: 1,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  form.append('file', new Blob([content]), name);
  const res = await fetch(`${base}/api/vendors/${vendor}/folders/${folder}/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`);
}

/** Distinct document bodies drawn once; each generated document takes one, plus its own words. */
const BODIES = 20_000;

/**
 * Adds documents until the firm holds `target` generated ones, set-based (generate_series, one
 * statement per table and batch): names drawn from the word lists, versions on the real blobs,
 * the index rows written with the migration's configuration. A document's text is one of
 * `BODIES` bodies of 40 to 120 invoice words (skewed: common words are frequent, like
 * "facture"), read into a tsvector once, followed by its own name, city and amount. The row
 * triggers are off while it writes (the counters are recomputed after), as a bulk import would do.
 */
async function generate(client, { firm, folders, blobs, from, to }) {
  const started = Date.now();
  const f = `(ARRAY[${folders.map((x) => x.id).join(',')}]::int[])`;
  const v = `(ARRAY[${folders.map((x) => x.vendor).join(',')}]::int[])`;
  const pick = (array, skew = 'random()') => `(${array})[1 + floor(${skew} * cardinality(${array}))::int]`;
  await client.query(
    `CREATE TABLE IF NOT EXISTS bench_bodies AS
     SELECT b, setweight(to_tsvector('portal_french', (
              SELECT string_agg(${pick(sqlArray(WORDS), 'power(random(), 2)')}, ' ')
                FROM generate_series(1, 40 + b % 80) w WHERE b IS NOT NULL)), 'B') AS tsv
       FROM generate_series(0, ${BODIES - 1}) b`,
  );
  await client.query(
    'ALTER TABLE documents DISABLE TRIGGER USER; ALTER TABLE document_versions DISABLE TRIGGER USER',
  );
  const step = 50_000;
  for (let lo = from; lo < to; lo += step) {
    const hi = Math.min(to, lo + step);
    await client.query('BEGIN');
    await client.query(
      `CREATE TEMP TABLE made (id int PRIMARY KEY, vendor int, folder int, name text, at timestamptz) ON COMMIT DROP`,
    );
    await client.query(
      `WITH ins AS (
         INSERT INTO documents (accounting_firm_id, vendor_id, folder_id, name, created_at, updated_at)
         SELECT ${firm}, ${v}[1 + g % ${folders.length}], ${f}[1 + g % ${folders.length}],
                ${pick(sqlArray(KINDS))} || ' ' || ${pick(sqlArray(NAMES))} || ' ' || ${pick(sqlArray(CITIES))}
                  || ' n° ' || g || '.' || ${pick(sqlArray(EXTENSIONS))},
                t.at, t.at
           FROM generate_series(${lo + 1}, ${hi}) g
          CROSS JOIN LATERAL (SELECT now() - (random() * interval '1095 days') AS at WHERE g IS NOT NULL) t
          ORDER BY g
         RETURNING id, vendor_id, folder_id, name, created_at)
       INSERT INTO made SELECT * FROM ins`,
    );
    await client.query(
      `WITH ins AS (
         INSERT INTO document_versions (accounting_firm_id, document_id, blob_key, size, mime_type, original_name,
                                        stored_name, md5, created_at, validated_at)
         SELECT ${firm}, m.id, (${sqlArray(blobs)})[1 + m.id % ${blobs.length}], 1000,
                'application/octet-stream', m.name, m.id || '.bin', '00000000000000000000000000000000', m.at,
                CASE WHEN m.id % 3 = 0 THEN m.at END
           FROM made m
         RETURNING id, document_id)
       UPDATE documents d SET current_version_id = ins.id FROM ins
        WHERE d.accounting_firm_id = ${firm} AND d.id = ins.document_id`,
    );
    await client.query(
      `INSERT INTO document_search (accounting_firm_id, document_id, vendor_id, folder_id, tsv)
       SELECT ${firm}, m.id, m.vendor, m.folder,
              setweight(to_tsvector('portal_french', regexp_replace(m.name, '[_./\\\\-]+', ' ', 'g')), 'A')
              || b.tsv
              || setweight(to_tsvector('portal_french', ${pick(sqlArray(NAMES))} || ' ' || ${pick(sqlArray(CITIES))}
                   || ' ' || (m.id::bigint * 7919 % 100000) || ',' || lpad((m.id % 100)::text, 2, '0') || ' EUR'), 'B')
         FROM made m JOIN bench_bodies b ON b.b = (m.id * 2654435761::bigint) % ${BODIES}`,
    );
    await client.query('COMMIT');
    process.stdout.write(
      `\r  generated ${hi.toLocaleString('en')} documents (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  process.stdout.write('\n');
  await client.query(
    'ALTER TABLE documents ENABLE TRIGGER USER; ALTER TABLE document_versions ENABLE TRIGGER USER',
  );
  await client.query(
    `UPDATE folders f SET live_documents = (SELECT count(*) FROM documents d
       WHERE d.accounting_firm_id = f.accounting_firm_id AND d.folder_id = f.id AND d.deleted_at IS NULL)
      WHERE f.accounting_firm_id = ${firm} AND f.id = ANY(${f})`,
  );
  for (const table of ['documents', 'document_versions', 'document_search', 'folders'])
    await client.query(`VACUUM ANALYZE ${table}`);
  return (Date.now() - started) / 1000;
}

/** Pages per minute of the OCR the extraction runs (pdftoppm at 300 dpi grey, tesseract fra+eng). */
function ocrPagesPerMinute() {
  const has = (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
  if (!has('tesseract') || !has('pdftoppm')) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-ocr-'));
  try {
    // A page of text rendered by pdftoppm from a text PDF, then read as a scan would be.
    const lines = Array.from(
      { length: 40 },
      (_, i) =>
        `BT /F1 11 Tf 50 ${760 - i * 18} Td (Facture ${1000 + i} Dupont Lyon montant ${(i * 37.5).toFixed(2)} EUR TVA 20 pour cent) Tj ET`,
    ).join('\n');
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      `<< /Length ${lines.length} >>\nstream\n${lines}\nendstream`,
    ];
    let body = '%PDF-1.4\n';
    const offsets = objects.map((o, i) => {
      const at = body.length;
      body += `${i + 1} 0 obj\n${o}\nendobj\n`;
      return at;
    });
    body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${body.length}\n%%EOF\n`;
    fs.writeFileSync(path.join(dir, 'page.pdf'), body);
    execFileSync('pdftoppm', ['-r', '300', '-gray', path.join(dir, 'page.pdf'), path.join(dir, 'scan')]);
    const scan = path.join(
      dir,
      fs.readdirSync(dir).find((n) => n.startsWith('scan')),
    );
    const runs = 3;
    const start = Date.now();
    let text = '';
    for (let i = 0; i < runs; i++)
      text = execFileSync('tesseract', [scan, 'stdout', '-l', 'fra+eng'], {
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
        stdio: ['ignore', 'pipe', 'ignore'],
      }).toString();
    const seconds = (Date.now() - start) / 1000 / runs;
    if (!/Dupont/.test(text)) console.log('  OCR did not read the page back');
    return { secondsPerPage: seconds, pagesPerMinute: 60 / seconds };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function run() {
  const databaseUrl = REUSE
    ? Object.assign(new URL(PG_URL), { pathname: '/portal_bench_search' }).toString()
    : await freshPostgres(PG_URL, 'portal_bench_search');
  const server = await startServer({ port: 4770, databaseUrl });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const lines = [];
  try {
    const token = await signIn(server.base, 'expert@demo.test');
    const firms = (await api(server.base, token, 'GET', '/api/users/me/accounting-firms')).data;
    const firm = (firms.find((f) => f.name === 'Cabinet Démo') ?? firms[0]).id;
    const vendors = (
      await api(server.base, token, 'GET', `/api/accounting-firms/${firm}/vendors?per_page=100`)
    ).data;
    const roots = [];
    for (const v of vendors)
      roots.push({
        vendor: v.id,
        root: (await api(server.base, token, 'GET', `/api/vendors/${v.id}/folders`)).data[0].id,
      });
    let blobs;
    const folders = [];
    let generated = 0;
    if (REUSE) {
      // The previous run's blobs, folders and documents (the generated names end in "n° <g>.<ext>").
      blobs = (
        await client.query(
          `SELECT DISTINCT v.blob_key FROM document_versions v JOIN documents d ON d.id = v.document_id
            JOIN folders f ON f.id = d.folder_id WHERE f.name = 'Bench blobs'`,
        )
      ).rows.map((r) => r.blob_key);
      for (const r of (
        await client.query(`SELECT id, vendor_id FROM folders WHERE name LIKE 'Archives %' ORDER BY id`)
      ).rows)
        folders.push({ id: r.id, vendor: r.vendor_id });
      generated = Number(
        (
          await client.query(`SELECT count(*) AS n FROM documents WHERE folder_id = ANY($1::int[])`, [
            folders.map((f) => f.id),
          ])
        ).rows[0].n,
      );
    } else {
      // Three real blobs, uploaded through the API: the generated versions share them.
      const upFolder = (
        await api(server.base, token, 'POST', `/api/vendors/${roots[0].vendor}/folders`, {
          name: 'Bench blobs',
          parent_id: roots[0].root,
        })
      ).data.id;
      for (const [i, text] of ['Facture type A', 'Relevé type B', 'Devis type C'].entries())
        await uploadSmall(
          server.base,
          token,
          roots[0].vendor,
          upFolder,
          `modele-${i}.txt`,
          Buffer.from(`${text} modèle de document`),
        );
      blobs = (
        await client.query(
          `SELECT DISTINCT v.blob_key FROM document_versions v JOIN documents d ON d.id = v.document_id
          WHERE d.folder_id = $1`,
          [upFolder],
        )
      ).rows.map((r) => r.blob_key);
      // Folders of each client file for the generated documents.
      for (const { vendor, root } of roots) {
        const made = await client.query(
          `INSERT INTO folders (accounting_firm_id, vendor_id, parent_id, name)
           SELECT $1, $2, $3, 'Archives ' || g FROM generate_series(1, ${FOLDERS_PER_VENDOR}) g RETURNING id`,
          [firm, vendor, root],
        );
        for (const r of made.rows) folders.push({ id: r.id, vendor });
      }
    }
    const vendor = roots[0].vendor;
    const queries = [
      'facture',
      'dupont',
      'loyer lyon',
      'quittance',
      'honoraires conseil',
      'garage pneus',
      '"note de frais"',
      'releve bancaire',
    ];
    console.log(
      `firm ${firm}: ${vendors.length} client files, ${folders.length} folders; queries: ${queries.join(' | ')}`,
    );
    const results = [];
    for (const size of SIZES) {
      if (size < generated) continue;
      const seconds =
        size > generated ? await generate(client, { firm, folders, blobs, from: generated, to: size }) : 0;
      generated = size;
      const tableMb =
        Number((await client.query(`SELECT pg_total_relation_size('document_search') AS b`)).rows[0].b) / 1e6;
      console.log(
        `  ${size.toLocaleString('en')} documents: generated in ${seconds.toFixed(0)} s; index table ${tableMb.toFixed(0)} MB`,
      );
      // One pass of each query first (a running server has its plans and pages warm).
      for (const q of queries)
        await api(
          server.base,
          token,
          'GET',
          `/api/accounting-firms/${firm}/search?q=${encodeURIComponent(q)}`,
        );
      const floor = await startFloor(4771, databaseUrl);
      const floorM = await measure({
        url: floor.base,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [{ path: floor.path }],
      });
      await floor.stop();
      const requests = (prefix) =>
        queries.map((q) => ({
          path: `${prefix}/search?q=${encodeURIComponent(q)}`,
          headers: { authorization: `Bearer ${token}` },
        }));
      const vendorM = await measure({
        url: server.base,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: requests(`/api/vendors/${vendor}`),
      });
      const firmM = await measure({
        url: server.base,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: requests(`/api/accounting-firms/${firm}`),
      });
      const sample = await api(server.base, token, 'GET', `/api/accounting-firms/${firm}/search?q=facture`);
      console.log(
        `  floor ${floorM.rps} req/s p50 ${floorM.p50} p95 ${floorM.p95} ms; client file search ${vendorM.rps} req/s p50 ${vendorM.p50} p95 ${vendorM.p95} ms; firm search ${firmM.rps} req/s p50 ${firmM.p50} p95 ${firmM.p95} ms ("facture": ${sample.total} hits; load ${os.loadavg()[0].toFixed(1)})`,
      );
      results.push({ size, floorM, vendorM, firmM });
      lines.push(
        `| ${size.toLocaleString('en')} | client file: ${vendorM.rps} req/s, p50 ${vendorM.p50} ms, p95 ${vendorM.p95} ms; firm: ${firmM.rps} req/s, p50 ${firmM.p50} ms, p95 ${firmM.p95} ms | ${floorM.rps} req/s, p95 ${floorM.p95} ms | ${(vendorM.rps / floorM.rps).toFixed(3)} / ${(firmM.rps / floorM.rps).toFixed(3)} |`,
      );
    }
    if (results.length > 1) {
      const [a, b] = [results[0], results.at(-1)];
      console.log(
        `growth ${a.size.toLocaleString('en')} -> ${b.size.toLocaleString('en')}: firm p95 x${(b.firmM.p95 / a.firmM.p95).toFixed(2)}, client file p95 x${(b.vendorM.p95 / a.vendorM.p95).toFixed(2)}`,
      );
    }
    const last = results.at(-1);
    if (last && Math.max(last.firmM.p95, last.vendorM.p95) >= TARGET_P95_MS) {
      console.log(
        `TARGET MISSED: search p95 at ${last.size.toLocaleString('en')} is not under ${TARGET_P95_MS} ms`,
      );
      process.exitCode = 1;
    }
    const ocr = ocrPagesPerMinute();
    lines.push(
      ocr
        ? `OCR (tesseract fra+eng, one thread, a 300 dpi page of 40 lines): ${ocr.secondsPerPage.toFixed(1)} s per page, ${ocr.pagesPerMinute.toFixed(0)} pages per minute`
        : 'OCR: tesseract or pdftoppm not installed',
    );
  } finally {
    await client.end();
    await server.stop();
  }
  console.log(
    '\n| documents | search, 10 callers (8 queries in turn) | floor | ratio (req/s) |\n|---|---|---|---|',
  );
  for (const line of lines) console.log(line);
}
