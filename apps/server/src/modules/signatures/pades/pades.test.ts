import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib-incremental-save';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificateDer } from './cades';
import { type GeneratedCertificate, generateCertificate } from './certificate';
import { signRevision } from './pdf-revision';
import { verifyPdf } from './verify';

/**
 * The signatures checked by poppler's pdfsig, OpenSSL and qpdf, independently of our verifier.
 * CI installs them (.ci/run); without them the checks say so loudly, and fail when CI=true.
 */
const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const TOOLS = ['pdfsig', 'qpdf', 'openssl', 'certutil'];
const missing = TOOLS.filter((t) => !has(t));
if (missing.length) {
  const message = `pades.test: ${missing.join(', ')} missing (apt-get install poppler-utils qpdf libnss3-tools)`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`\n!!! ${message}: the independent checks are skipped\n`);
}
const withTools = missing.length ? it.skip : it;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pades-'));
let key: GeneratedCertificate;
let signed: Buffer;

async function source(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText('Lettre de mission', { x: 50, y: 760, size: 18, font });
  doc.addPage([595, 842]);
  // Object streams: the case where pdf-lib misses the trailer's /Size.
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

const write = (name: string, bytes: Buffer) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
};
const pdfsig = (file: string, ...args: string[]) =>
  spawnSync('pdfsig', [...args, file], { encoding: 'utf8' })
    .stdout.split(/^Signature #\d+:$/m)
    .slice(1);

beforeAll(async () => {
  key = await generateCertificate('Cabinet Exemple');
  let pdf = await source();
  const box = (page: number) => ({ page, x: 0.1, y: 0.7, width: 0.3, height: 0.1 });
  pdf = await signRevision(
    pdf,
    {
      fieldName: 'A',
      signerName: 'Élise Martin',
      reason: 'Signature',
      date: new Date(),
      appearance: { box: box(1), image: { bytes: PNG, type: 'png' }, lines: ['Signé par Élise Martin'] },
    },
    key,
  );
  pdf = await signRevision(
    pdf,
    {
      fieldName: 'B',
      signerName: 'Bob',
      reason: 'Signature',
      date: new Date(),
      appearance: { box: box(2), lines: ['Bob'] },
    },
    key,
  );
  signed = await signRevision(
    pdf,
    {
      fieldName: 'Seal',
      signerName: 'Cabinet Exemple',
      reason: 'Seal',
      date: new Date(),
      appearance: null,
      before: async (doc) => void doc.addPage([595, 842]),
    },
    key,
  );
}, 60_000);

describe('PAdES signatures', () => {
  it('our verifier: every revision valid, the seal covering the whole file', () => {
    const result = verifyPdf(signed);
    expect(result.valid).toBe(true);
    expect(result.signatures.map((s) => s.signer)).toEqual(['Élise Martin', 'Bob', 'Cabinet Exemple']);
    expect(result.signatures.map((s) => s.coversWholeFile)).toEqual([false, false, true]);
    expect(result.signatures[0]!.certificateSubject).toContain('Cabinet Exemple — Signature électronique');
  });

  withTools(
    'pdfsig: each revision "Signature is Valid.", the seal "Total document signed", trusted once imported',
    () => {
      const file = write('signed.pdf', signed);
      const plain = pdfsig(file);
      expect(plain).toHaveLength(3);
      for (const s of plain) {
        expect(s).toContain('Signature is Valid.');
        expect(s).toContain('ETSI.CAdES.detached');
      }
      expect(plain[2]).toContain('Total document signed');
      expect(plain[0]).toContain('Not total document signed');
      // Trusted with the portal's PEM in a throw-away NSS database, S/MIME trust ",C,".
      const nss = path.join(dir, 'nss');
      fs.mkdirSync(nss);
      execFileSync('certutil', ['-N', '-d', `sql:${nss}`, '--empty-password']);
      const pem = write('portal.pem', Buffer.from(key.certificatePem));
      execFileSync('certutil', ['-A', '-d', `sql:${nss}`, '-n', 'portal', '-t', ',C,', '-i', pem]);
      for (const s of pdfsig(file, '-nssdir', nss)) expect(s).toContain('Certificate is Trusted.');
      expect(spawnSync('qpdf', ['--check', file], { encoding: 'utf8' }).status).toBe(0);
    },
  );

  withTools('openssl cms -verify accepts an extracted signature over its byte range', () => {
    const text = signed.toString('latin1');
    const m = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text)!;
    const [a, b, c, d] = m.slice(1, 5).map(Number) as [number, number, number, number];
    const content = Buffer.concat([signed.subarray(a, a + b), signed.subarray(c, c + d)]);
    const hex = text.slice(b + 1, c - 1).replace(/(00)+$/, '');
    const sig = write('sig.der', Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex'));
    const data = write('content.bin', content);
    const ca = write('ca.pem', Buffer.from(key.certificatePem));
    const run = spawnSync(
      'openssl',
      [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        sig,
        '-content',
        data,
        '-CAfile',
        ca,
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ],
      { encoding: 'utf8' },
    );
    expect(run.stderr).toContain('Verification successful');
    // The signed attributes carry signing-certificate-v2 (PAdES baseline) and no signingTime.
    const dump = execFileSync('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', sig], {
      encoding: 'utf8',
    });
    expect(dump).toMatch(/id-smime-aa-signingCertificateV2|signingCertificateV2/);
    expect(dump).not.toContain('signingTime');
    expect(certificateDer(key.certificatePem).length).toBeGreaterThan(500);
  });

  withTools(
    'tampering: a byte of the original breaks every signature; a change appended after the seal fails our check',
    () => {
      const text = signed.toString('latin1');
      const at =
        text.indexOf('Lettre de mission') >= 0
          ? text.indexOf('Lettre de mission')
          : text.indexOf('/MediaBox');
      const tampered = Buffer.from(signed);
      tampered[at + 1] = tampered[at + 1]! ^ 0x01;
      expect(verifyPdf(tampered).signatures.every((s) => !s.digestValid)).toBe(true);
      const out = pdfsig(write('tampered.pdf', tampered));
      for (const s of out) expect(s).not.toContain('Signature is Valid.');

      const appended = Buffer.concat([signed, Buffer.from('\n% an unsigned change\n')]);
      expect(verifyPdf(appended).valid).toBe(false);
      expect(verifyPdf(appended).signatures.every((s) => s.digestValid && s.signatureValid)).toBe(true);

      // A forged signature blob: one byte of the seal's CMS changed.
      const m = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)/g)].pop()!;
      const forged = Buffer.from(signed);
      const pos = Number(m[2]) + 900;
      forged[pos] = forged[pos] === 0x30 ? 0x31 : 0x30;
      expect(verifyPdf(forged).valid).toBe(false);
    },
  );
});
