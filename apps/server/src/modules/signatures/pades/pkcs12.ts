import { createHash, createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import forge from 'node-forge';

export type Pkcs12Problem =
  | 'pkcs12-invalid-password'
  | 'pkcs12-unreadable'
  | 'certificate-expired'
  | 'certificate-key-too-weak'
  | 'certificate-usage';

export type ImportedCertificate = {
  certificatePem: string;
  privateKeyPem: string;
  subject: string;
  fingerprint: string;
  notBefore: Date;
  notAfter: Date;
};

/** A certificate must still be valid this long after its import. */
export const MIN_REMAINING_DAYS = 30;
const DAY = 86_400_000;
const CURVES: readonly string[] = ['prime256v1', 'secp384r1', 'P-256', 'P-384'];

const derOf = (node: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(node).getBytes(), 'binary');

/** The bags of a PKCS#12 (AES/PBKDF2 of OpenSSL 3 or legacy 3DES/RC2), or why it cannot be read. */
function open(bytes: Buffer, password: string): forge.pkcs12.Pkcs12Pfx | Pkcs12Problem {
  let asn: forge.asn1.Asn1;
  try {
    asn = forge.asn1.fromDer(bytes.toString('binary'));
  } catch {
    return 'pkcs12-unreadable';
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn, false, password);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    return /password|MAC could not be verified|decrypt/i.test(message)
      ? 'pkcs12-invalid-password'
      : 'pkcs12-unreadable';
  }
}

type Bag = forge.pkcs12.Bag & { asn1?: forge.asn1.Asn1 };

/**
 * The signing certificate and its private key from a PKCS#12, checked: the key matches the
 * certificate, RSA of 2048 bits or more or EC on P-256/P-384, valid for 30 days more, key usage
 * digitalSignature or nonRepudiation (when the extension is present).
 */
export function readPkcs12(
  bytes: Buffer,
  password: string,
  now = new Date(),
): ImportedCertificate | { problem: Pkcs12Problem } {
  const pfx = open(bytes, password);
  if (typeof pfx === 'string') return { problem: pfx };
  const keyBags = [
    ...(pfx.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag!] ??
      []),
    ...(pfx.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag!] ?? []),
  ] as Bag[];
  const certBags = (pfx.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag!] ?? []) as Bag[];
  const keys = keyBags.flatMap((bag) => {
    try {
      // forge reads RSA keys only; others stay as their PrivateKeyInfo ASN.1.
      const der = bag.key
        ? derOf(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key)))
        : derOf(bag.asn1!);
      return [createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })];
    } catch {
      return [];
    }
  });
  const certs = certBags.flatMap((bag) => {
    try {
      const der = bag.cert ? derOf(forge.pki.certificateToAsn1(bag.cert)) : derOf(bag.asn1!);
      return [new X509Certificate(der)];
    } catch {
      return [];
    }
  });
  for (const key of keys) {
    const spki = createPublicKey(key).export({ type: 'spki', format: 'der' });
    const cert = certs.find((c) => c.publicKey.export({ type: 'spki', format: 'der' }).equals(spki));
    if (cert) return checked(cert, key.export({ type: 'pkcs8', format: 'pem' }) as string, now);
  }
  return { problem: 'pkcs12-unreadable' };
}

function checked(
  cert: X509Certificate,
  privateKeyPem: string,
  now: Date,
): ImportedCertificate | { problem: Pkcs12Problem } {
  const notBefore = new Date(cert.validFrom);
  const notAfter = new Date(cert.validTo);
  if (notBefore > now || notAfter.getTime() - now.getTime() < MIN_REMAINING_DAYS * DAY)
    return { problem: 'certificate-expired' };
  const details = cert.publicKey.asymmetricKeyDetails ?? {};
  const type = cert.publicKey.asymmetricKeyType;
  const strong =
    (type === 'rsa' && (details.modulusLength ?? 0) >= 2048) ||
    (type === 'ec' && CURVES.includes(details.namedCurve ?? ''));
  if (!strong) return { problem: 'certificate-key-too-weak' };
  if (!allowsSigning(cert)) return { problem: 'certificate-usage' };
  return {
    certificatePem: cert.toString(),
    privateKeyPem,
    subject: commonName(cert.subject),
    fingerprint: createHash('sha256').update(cert.raw).digest('hex'),
    notBefore,
    notAfter,
  };
}

/** Key usage, when present, must allow digitalSignature or nonRepudiation (contentCommitment). */
function allowsSigning(cert: X509Certificate): boolean {
  const parsed = forge.asn1.fromDer(cert.raw.toString('binary'));
  const tbs = (parsed.value as forge.asn1.Asn1[])[0]!.value as forge.asn1.Asn1[];
  const extensions = tbs.find((n) => n.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && n.type === 3);
  if (!extensions) return true;
  for (const ext of (extensions.value as forge.asn1.Asn1[])[0]!.value as forge.asn1.Asn1[]) {
    const parts = ext.value as forge.asn1.Asn1[];
    if (forge.asn1.derToOid(parts[0]!.value as string) !== '2.5.29.15') continue;
    // The OCTET STRING holds a DER BIT STRING: 03 len unused-bits first-byte..., whose first byte
    // carries digitalSignature (0x80) and nonRepudiation (0x40).
    const der = Buffer.from(parts[parts.length - 1]!.value as string, 'binary');
    return der[0] === 0x03 && der.length > 3 && (der[3]! & 0xc0) !== 0;
  }
  return true;
}

/** The subject's CN, else the whole subject on one line. */
export function commonName(subject: string): string {
  const cn = subject.split('\n').find((line) => line.startsWith('CN='));
  return cn ? cn.slice(3) : subject.replace(/\n/g, ', ');
}
