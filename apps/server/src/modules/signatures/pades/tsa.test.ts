import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from '../../../../test/signatures';
import type { SigningKey } from './cades';
import { generateCertificate } from './certificate';
import { signRevision } from './pdf-revision';
import { fetchTimeStamp } from './tsa';
import { verifyPdf } from './verify';

/**
 * PAdES B-T against a local time-stamp authority: `openssl ts -reply` behind a tiny HTTP server,
 * its certificate with extendedKeyUsage critical timeStamping. OpenSSL and pdfsig check the result.
 */
const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const tools = has('openssl') && has('pdfsig');
if (!tools && process.env.CI === 'true') throw new Error('tsa.test: openssl and pdfsig are required');
const withTools = tools ? it : it.skip;
const run = promisify(execFile);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tsa-'));
const at = (name: string) => path.join(dir, name);
let server: http.Server;
let url: string;
let requests = 0;

function startTsa(): Promise<string> {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      at('tsa.key'),
      '-out',
      at('tsa.pem'),
      '-days',
      '30',
      '-subj',
      '/CN=Test TSA',
      '-addext',
      'extendedKeyUsage=critical,timeStamping',
      '-addext',
      'keyUsage=critical,digitalSignature',
    ],
    { stdio: 'ignore' },
  );
  fs.writeFileSync(at('serial'), '01\n');
  fs.writeFileSync(
    at('tsa.cnf'),
    [
      '[ tsa ]',
      'default_tsa = local',
      '[ local ]',
      `serial = ${at('serial')}`,
      'crypto_device = builtin',
      `signer_cert = ${at('tsa.pem')}`,
      `signer_key = ${at('tsa.key')}`,
      'signer_digest = sha256',
      'default_policy = 1.2.3.4.1',
      'digests = sha256',
      'accuracy = secs:1',
      'ordering = yes',
      'tsa_name = no',
      'ess_cert_id_chain = no',
      'ess_cert_id_alg = sha256',
      '',
    ].join('\n'),
  );
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      requests++;
      const n = requests;
      fs.writeFileSync(at(`q${n}.tsq`), Buffer.concat(chunks));
      try {
        await run('openssl', [
          'ts',
          '-reply',
          '-config',
          at('tsa.cnf'),
          '-queryfile',
          at(`q${n}.tsq`),
          '-out',
          at(`r${n}.tsr`),
        ]);
        res.writeHead(200, { 'content-type': 'application/timestamp-reply' });
        res.end(fs.readFileSync(at(`r${n}.tsr`)));
      } catch {
        res.writeHead(500).end();
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`),
    ),
  );
}

beforeAll(async () => {
  if (tools) url = await startTsa();
}, 60_000);
afterAll(() => server?.close());

describe('PAdES B-T with a time-stamp authority', () => {
  withTools(
    'each signature carries a token over its signature value, checked by OpenSSL, pdfsig and our verifier',
    async () => {
      const made = await generateCertificate('Cabinet Horodaté');
      const stamped: { value: Buffer; token: Buffer }[] = [];
      const key: SigningKey = {
        ...made,
        timestamp: async (value) => {
          const token = await fetchTimeStamp(url, value);
          stamped.push({ value, token });
          return token;
        },
      };
      let pdf = await samplePdf(1);
      pdf = await signRevision(
        pdf,
        {
          fieldName: 'A',
          signerName: 'Élise Martin',
          reason: 'Signature',
          date: new Date(),
          appearance: { box: { page: 1, x: 0.1, y: 0.7, width: 0.3, height: 0.1 }, lines: ['Élise'] },
        },
        key,
      );
      pdf = await signRevision(
        pdf,
        { fieldName: 'Seal', signerName: 'Cabinet', reason: 'Seal', date: new Date(), appearance: null },
        key,
      );
      expect(stamped).toHaveLength(2);

      const result = verifyPdf(pdf);
      expect(result.valid).toBe(true);
      for (const s of result.signatures) {
        expect(s).toMatchObject({
          timestamped: true,
          timestampValid: true,
          digestValid: true,
          signatureValid: true,
        });
        expect(Math.abs(Date.parse(s.timestampedAt!) - Date.now())).toBeLessThan(120_000);
      }

      // OpenSSL: the token is the TSA's, over the very signature value.
      for (const [i, { value, token }] of stamped.entries()) {
        fs.writeFileSync(at(`value${i}.bin`), value);
        fs.writeFileSync(at(`token${i}.der`), token);
        const check = spawnSync(
          'openssl',
          [
            'ts',
            '-verify',
            '-data',
            at(`value${i}.bin`),
            '-in',
            at(`token${i}.der`),
            '-token_in',
            '-CAfile',
            at('tsa.pem'),
          ],
          { encoding: 'utf8' },
        );
        expect(check.stdout).toContain('Verification: OK');
      }

      fs.writeFileSync(at('signed.pdf'), pdf);
      const seen = spawnSync('pdfsig', [at('signed.pdf')], { encoding: 'utf8' })
        .stdout.split(/^Signature #\d+:$/m)
        .slice(1);
      expect(seen).toHaveLength(2);
      for (const s of seen) expect(s).toContain('Signature is Valid.');
    },
    60_000,
  );

  withTools(
    'an unreachable TSA fails the signature instead of signing without a time-stamp',
    async () => {
      const made = await generateCertificate('Cabinet');
      const key: SigningKey = { ...made, timestamp: (v) => fetchTimeStamp('http://127.0.0.1:9/', v) };
      await expect(
        signRevision(
          await samplePdf(1),
          { fieldName: 'S', signerName: 'X', reason: 'R', date: new Date(), appearance: null },
          key,
        ),
      ).rejects.toThrow();
    },
    30_000,
  );

  withTools(
    'an ECDSA P-256 key signs too (an imported seal certificate), checked by pdfsig',
    async () => {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:P-256',
          '-nodes',
          '-keyout',
          at('ec.key'),
          '-out',
          at('ec.pem'),
          '-days',
          '60',
          '-subj',
          '/CN=EC Seal',
        ],
        { stdio: 'ignore' },
      );
      const key: SigningKey = {
        certificatePem: fs.readFileSync(at('ec.pem'), 'utf8'),
        privateKeyPem: fs.readFileSync(at('ec.key'), 'utf8'),
      };
      const pdf = await signRevision(
        await samplePdf(1),
        { fieldName: 'S', signerName: 'EC', reason: 'R', date: new Date(), appearance: null },
        key,
      );
      const result = verifyPdf(pdf);
      expect(result.valid).toBe(true);
      expect(result.signatures[0]!.timestamped).toBe(false);
      fs.writeFileSync(at('ec.pdf'), pdf);
      expect(spawnSync('pdfsig', [at('ec.pdf')], { encoding: 'utf8' }).stdout).toContain(
        'Signature is Valid.',
      );
    },
    30_000,
  );
});
