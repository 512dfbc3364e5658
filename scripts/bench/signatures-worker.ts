// The signature bench's measuring process (run by scripts/bench/signatures.mjs through tsx, so it
// uses the server's own PAdES code): one signature (revision + CAdES, no TSA) on a 100-page 10 MB
// PDF, against a floor measured in the same run: the work any signer of that file cannot avoid
// (SHA-256 of the whole file, one RSA-3072 signature, one copy of the bytes).
import { createHash, createPrivateKey, randomBytes, sign } from 'node:crypto';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
} from 'pdf-lib-incremental-save';
import { generateCertificate } from '../../apps/server/src/modules/signatures/pades/certificate';
import { signRevision } from '../../apps/server/src/modules/signatures/pades/pdf-revision';
import { verifyPdf } from '../../apps/server/src/modules/signatures/pades/verify';

const RUNS = Number(process.env.SIGN_RUNS ?? 20);

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

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function main() {
  const pdf = await bigPdf();
  const key = await generateCertificate('Cabinet Bench');
  const privateKey = createPrivateKey(key.privateKeyPem);
  let rss = process.memoryUsage().rss;
  const options = (n: number) => ({
    fieldName: `Signature ${n}`,
    signerName: 'Jeanne Martin',
    reason: 'Signature: bench',
    date: new Date(),
    appearance: {
      box: { page: 1 + (n % 100), x: 0.1, y: 0.7, width: 0.3, height: 0.1 },
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
      max_rss_mb: Math.round(rss / 1048576),
    }),
  );
}

await main();
