import { createHash, generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { certificateDer, type SigningKey } from './cades';

const generate = promisify(generateKeyPair);

export type GeneratedCertificate = SigningKey & {
  fingerprint: string;
  subject: string;
  notBefore: Date;
  notAfter: Date;
};

/**
 * A portal's self-signed signing certificate: RSA 3072, CN "NAME — Signature électronique",
 * O the portal's name, 5 years, key usage digitalSignature and nonRepudiation.
 */
export async function generateCertificate(
  portalName: string,
  now = new Date(),
): Promise<GeneratedCertificate> {
  const { privateKey, publicKey } = await generate('rsa', {
    modulusLength: 3072,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // A positive 16-byte serial (the high bit cleared).
  const serial = randomBytes(16);
  serial[0] = serial[0]! & 0x7f;
  cert.serialNumber = serial.toString('hex');
  const notBefore = new Date(Math.floor(now.getTime() / 1000) * 1000 - 60_000);
  const notAfter = new Date(notBefore);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + 5);
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = notAfter;
  const name = portalName.slice(0, 40);
  const attrs = [
    { shortName: 'CN', value: `${name} — Signature électronique`, valueTagClass: 12 },
    { shortName: 'O', value: name, valueTagClass: 12 },
  ];
  cert.setSubject(attrs as forge.pki.CertificateField[]);
  cert.setIssuer(attrs as forge.pki.CertificateField[]);
  cert.setExtensions([
    { name: 'basicConstraints', critical: true, cA: true, pathLenConstraint: 0 },
    { name: 'keyUsage', critical: true, digitalSignature: true, nonRepudiation: true, keyCertSign: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  const forgeKey = forge.pki.privateKeyFromPem(privateKey);
  cert.sign(forgeKey, forge.md.sha256.create());
  const certificatePem = forge.pki.certificateToPem(cert);
  return {
    certificatePem,
    privateKeyPem: privateKey,
    fingerprint: createHash('sha256').update(certificateDer(certificatePem)).digest('hex'),
    subject: `${name} — Signature électronique`,
    notBefore,
    notAfter,
  };
}
