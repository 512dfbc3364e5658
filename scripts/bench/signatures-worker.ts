// The signature bench's measuring process (run by scripts/bench/signatures.mjs through tsx, so it
// uses the server's own PAdES code): one signature (revision + CAdES, no TSA) on a 100-page 10 MB
// PDF, against a floor measured in the same run: the work any signer of that file cannot avoid
// (SHA-256 of the whole file, one RSA-3072 signature, one copy of the bytes).
import { createHash, createPrivateKey, type KeyObject, randomBytes, sign } from 'node:crypto';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
} from 'pdf-lib-incremental-save';
import { appendAuditPages } from '../../apps/server/src/modules/signatures/pades/audit-pages';
import { generateCertificate } from '../../apps/server/src/modules/signatures/pades/certificate';
import { signRevision } from '../../apps/server/src/modules/signatures/pades/pdf-revision';
import { verifyPdf } from '../../apps/server/src/modules/signatures/pades/verify';

const RUNS = Number(process.env.SIGN_RUNS ?? 20);
const SEAL_RUNS = Number(process.env.SEAL_RUNS ?? 10);
/** Requests signed at once, one signatory each (the "50 signatories of 50 requests"). */
const AT_ONCE = Number(process.env.SIGN_AT_ONCE ?? 50);

/** A 100-page PDF of about 10 MB: text on each page and an incompressible image of ~100 KB. */
async function bigPdf(pages = 100, bytes = 10 * 1024 * 1024): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const side = Math.ceil(Math.sqrt(bytes / pages / 3));
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Rapport annuel - page ${i + 1} / ${pages}`, { x: 50, y: 780, size: 16, font });
    // Raw RGB noise as a JPEG would not compress: an uncompressed stream of `side` x `side` pixels.
    const pixels = randomBytes(side * side * 3);
    const ref = doc.context.register(
      doc.context.stream(pixels, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: side,
        Height: side,
        ColorSpace: 'DeviceRGB',
        BitsPerComponent: 8,
      }),
    );
    const name = page.node.newXObject('Im', ref);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(200, 0, 0, 200, 300, 500),
      drawObject(name),
      popGraphicsState(),
    );
  }
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

/** About three pages of audit trail (70 lines a page): 5 signatories and their events. */
function auditLines(): string[] {
  const lines = [
    "Cabinet Bench - Piste d'audit",
    '',
    'Document: Rapport annuel',
    `SHA-256 d'origine: ${'ab'.repeat(32)}`,
  ];
  lines.push('', 'Signataires:');
  for (let i = 1; i <= 5; i++)
    lines.push(
      `${i}. Signataire ${i} <s${i}@bench.test> - email code - 203.0.113.${i} - asked ... - signed ...`,
    );
  lines.push('', 'Événements:');
  for (let i = 0; lines.length < 200; i++)
    lines.push(
      `2026-11-27T10:${String(i % 60).padStart(2, '0')}:00.000Z code_checked (Signataire ${1 + (i % 5)}) 203.0.113.9 ${'0123456789abcdef'}`,
    );
  lines.push('', `Tête de la chaîne: ${'cd'.repeat(32)}`);
  return lines;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** A full collection between phases when node runs with --expose-gc (the buffers of one are gone). */
const collect = () => (globalThis as { gc?: () => void }).gc?.();

type Options = (n: number, page?: number) => Parameters<typeof signRevision>[1];
type Key = Parameters<typeof signRevision>[2];

/** The seal (audit pages + the portal's signature) of the file signed twice, SEAL_RUNS times. */
async function sealPhase(pdf: Buffer, options: Options, key: Key) {
  const twice = await signRevision(await signRevision(pdf, options(1), key), options(2), key);
  const lines = auditLines();
  const seal = async () =>
    signRevision(
      twice,
      {
        fieldName: 'Seal 1',
        signerName: 'Cabinet Bench',
        reason: 'Audit trail and seal: bench',
        date: new Date(),
        appearance: null,
        before: (doc, mark) => appendAuditPages(doc, mark, lines),
      },
      key,
    );
  const sealed = await seal();
  const pages = (await PDFDocument.load(sealed)).getPageCount();
  if (!verifyPdf(sealed).valid) throw new Error('the seal does not verify');
  let rss = process.memoryUsage().rss;
  const times: number[] = [];
  for (let i = 0; i < SEAL_RUNS; i++) {
    const t = performance.now();
    await seal();
    times.push(performance.now() - t);
    rss = Math.max(rss, process.memoryUsage().rss);
  }
  return { times, pages, rss };
}

/**
 * AT_ONCE requests (a 3-page PDF each), each signed by its signatory, all started together: the
 * time each waits from the start to its signed file, against the floor of the same files (hash,
 * RSA, copy) one after the other.
 */
async function atOncePhase(options: Options, key: Key, privateKey: KeyObject) {
  const small = await bigPdf(3, 150 * 1024);
  const files = Array.from({ length: AT_ONCE }, () => Buffer.from(small));
  let start = performance.now();
  const floor: number[] = [];
  for (const file of files) {
    const copy = Buffer.concat([file, Buffer.alloc(16384)]);
    sign('sha256', createHash('sha256').update(copy).digest(), privateKey);
    floor.push(performance.now() - start);
  }
  start = performance.now();
  const times: number[] = [];
  const signed = await Promise.all(
    files.map(async (file, i) => {
      const out = await signRevision(file, options(i, 1), key);
      times.push(performance.now() - start);
      return out;
    }),
  );
  const rss = process.memoryUsage().rss;
  const ok = signed.filter((f) => verifyPdf(f).valid).length;
  if (ok !== AT_ONCE) throw new Error('a signature made at once does not verify');
  return { times, floor, ok, rss };
}

async function main() {
  const pdf = await bigPdf();
  const key = await generateCertificate('Cabinet Bench');
  const privateKey = createPrivateKey(key.privateKeyPem);
  let rss = process.memoryUsage().rss;
  const options = (n: number, page = 1 + (n % 100)) => ({
    fieldName: `Signature ${n}`,
    signerName: 'Jeanne Martin',
    reason: 'Signature: bench',
    date: new Date(),
    appearance: {
      box: { page, x: 0.1, y: 0.7, width: 0.3, height: 0.1 },
      lines: ['Jeanne Martin', 'Signé par Jeanne Martin', 'bench'],
    },
  });
  const sig: number[] = [];
  const floor: number[] = [];
  // One warm-up of each, not counted.
  await signRevision(pdf, options(0), key);
  for (let i = 1; i <= RUNS; i++) {
    let t = performance.now();
    const copy = Buffer.concat([pdf, Buffer.alloc(16384)]);
    const digest = createHash('sha256').update(copy).digest();
    sign('sha256', digest, privateKey);
    floor.push(performance.now() - t);
    t = performance.now();
    await signRevision(pdf, options(i), key);
    sig.push(performance.now() - t);
    rss = Math.max(rss, process.memoryUsage().rss);
  }
  // Four chained signatures, then their verification.
  let four = pdf;
  for (let i = 0; i < 4; i++) four = await signRevision(four, options(i), key);
  const verify: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    const result = verifyPdf(four);
    verify.push(performance.now() - t);
    if (!result.valid || result.signatures.length !== 4) throw new Error('verification failed');
  }
  rss = Math.max(rss, process.memoryUsage().rss);

  four = pdf;
  const signRss = rss;

  // The seal: about 3 audit pages and the portal's signature, on the 10 MB file signed twice.
  collect();
  const seal = await sealPhase(pdf, options, key);
  // 50 requests (a 3-page PDF each) each signed by its signatory, all at once.
  collect();
  const crowd = await atOncePhase(options, key, privateKey);
  rss = Math.max(rss, seal.rss, crowd.rss);

  console.log(
    JSON.stringify({
      pdf_bytes: pdf.length,
      pages: 100,
      runs: RUNS,
      sign_p50_ms: percentile(sig, 50),
      sign_p95_ms: percentile(sig, 95),
      floor_p50_ms: percentile(floor, 50),
      floor_p95_ms: percentile(floor, 95),
      verify4_p95_ms: percentile(verify, 95),
      seal_pages_added: seal.pages - 100,
      seal_p50_ms: percentile(seal.times, 50),
      seal_p95_ms: percentile(seal.times, 95),
      at_once: AT_ONCE,
      at_once_ok: crowd.ok,
      at_once_p50_ms: percentile(crowd.times, 50),
      at_once_p95_ms: percentile(crowd.times, 95),
      at_once_floor_p95_ms: percentile(crowd.floor, 95),
      sign_rss_mb: Math.round(signRss / 1048576),
      seal_rss_mb: Math.round(seal.rss / 1048576),
      at_once_rss_mb: Math.round(crowd.rss / 1048576),
      max_rss_mb: Math.round(rss / 1048576),
    }),
  );
}

await main();
