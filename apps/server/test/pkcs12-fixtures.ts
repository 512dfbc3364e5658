import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type Pkcs12Fixture = { p12: Buffer; certificatePem: string; privateKeyPem: string };

/**
 * A self-signed certificate and key made by OpenSSL, exported as PKCS#12 with the password
 * `secret`: OpenSSL 3's default (AES-256-CBC, PBKDF2, SHA-256 MAC) or `-legacy` (3DES, RC2).
 */
export function pkcs12Fixture(
  options: { key?: string[]; days?: number; keyUsage?: string; legacy?: boolean; cn?: string } = {},
): Pkcs12Fixture {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p12-'));
  const at = (name: string) => path.join(dir, name);
  const run = (args: string[]) => execFileSync('openssl', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    run([
      'req',
      '-x509',
      ...(options.key ?? ['-newkey', 'rsa:2048']),
      '-nodes',
      '-keyout',
      at('key.pem'),
      '-out',
      at('cert.pem'),
      '-days',
      String(options.days ?? 400),
      '-subj',
      `/CN=${options.cn ?? 'Cabinet Importé'}/O=Cabinet Importé`,
      '-utf8',
      '-addext',
      `keyUsage=critical,${options.keyUsage ?? 'digitalSignature,nonRepudiation'}`,
    ]);
    run([
      'pkcs12',
      '-export',
      ...(options.legacy ? ['-legacy'] : []),
      '-in',
      at('cert.pem'),
      '-inkey',
      at('key.pem'),
      '-out',
      at('out.p12'),
      '-passout',
      'pass:secret',
    ]);
    return {
      p12: fs.readFileSync(at('out.p12')),
      certificatePem: fs.readFileSync(at('cert.pem'), 'utf8'),
      privateKeyPem: fs.readFileSync(at('key.pem'), 'utf8'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A multipart body: text fields first, then the file part `file`. */
export async function multipart(fields: Record<string, string>, file: Buffer, filename: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(file)], { type: 'application/octet-stream' }), filename);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}
