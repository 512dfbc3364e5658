import { createHash, createPrivateKey, createSign } from 'node:crypto';
import forge from 'node-forge';

const { asn1 } = forge;
const T = asn1.Type;
const C = asn1.Class;

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  data: '1.2.840.113549.1.7.1',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
} as const;

const oid = (value: string) => asn1.create(C.UNIVERSAL, T.OID, false, asn1.oidToDer(value).getBytes());
const seq = (items: forge.asn1.Asn1[]) => asn1.create(C.UNIVERSAL, T.SEQUENCE, true, items);
const set = (items: forge.asn1.Asn1[]) => asn1.create(C.UNIVERSAL, T.SET, true, items);
const octets = (bytes: Buffer) => asn1.create(C.UNIVERSAL, T.OCTETSTRING, false, bytes.toString('binary'));
const int = (n: number) => asn1.create(C.UNIVERSAL, T.INTEGER, false, asn1.integerToDer(n).getBytes());
const algorithm = (id: string, nullParams: boolean) =>
  seq(nullParams ? [oid(id), asn1.create(C.UNIVERSAL, T.NULL, false, '')] : [oid(id)]);
const attribute = (id: string, value: forge.asn1.Asn1) => seq([oid(id), set([value])]);
const der = (node: forge.asn1.Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');

export type SigningKey = {
  certificatePem: string;
  privateKeyPem: string;
  /**
   * An RFC 3161 time-stamp token (DER ContentInfo) over the given signature value, when a TSA is
   * configured: added as the unsigned attribute id-aa-signatureTimeStampToken (PAdES B-T).
   */
  timestamp?: (signatureValue: Buffer) => Promise<Buffer>;
};

/** The DER of a PEM certificate. */
export function certificateDer(pem: string): Buffer {
  const body = pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  return Buffer.from(body, 'base64');
}

/**
 * A detached CMS SignedData for `ETSI.CAdES.detached` (PAdES baseline B-B): SHA-256, signed
 * attributes contentType, messageDigest and signing-certificate-v2, no signingTime (the PDF's
 * /M carries the time). P12Signer of @signpdf lacks signing-certificate-v2, hence this one.
 */
export async function cadesDetached(content: Buffer, key: SigningKey): Promise<Buffer> {
  const certDer = certificateDer(key.certificatePem);
  const certNode = asn1.fromDer(certDer.toString('binary'));
  const tbs = (certNode.value as forge.asn1.Asn1[])[0]!;
  const tbsFields = tbs.value as forge.asn1.Asn1[];
  // tbsCertificate: [0] version, serialNumber, signature, issuer, ...
  const offset = tbsFields[0]!.tagClass === C.CONTEXT_SPECIFIC ? 1 : 0;
  const serial = tbsFields[offset]!;
  const issuer = tbsFields[offset + 2]!;

  const digest = createHash('sha256').update(content).digest();
  const certHash = createHash('sha256').update(certDer).digest();
  const attributes = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(digest)),
    // SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }; hashAlgorithm defaults to SHA-256.
    attribute(OID.signingCertificateV2, seq([seq([seq([octets(certHash)])])])),
  ];
  // The signature covers the DER of the attributes as a SET OF (sorted, as DER requires).
  const encoded = attributes.map(der).sort(Buffer.compare);
  const signedSet = Buffer.concat([Buffer.from([0x31]), derLength(encoded), ...encoded]);
  const privateKey = createPrivateKey(key.privateKeyPem);
  // RSA (PKCS#1 v1.5) or ECDSA: an imported seal certificate may carry either.
  const isEc = privateKey.asymmetricKeyType === 'ec';
  const signature = createSign('sha256').update(signedSet).sign(privateKey);
  const signedAttrs = asn1.create(
    C.CONTEXT_SPECIFIC,
    0,
    true,
    encoded.map((bytes) => asn1.fromDer(bytes.toString('binary'))),
  );

  const signerInfo = seq([
    int(1),
    seq([issuer, serial]),
    algorithm(OID.sha256, false),
    signedAttrs,
    isEc ? algorithm(OID.ecdsaWithSha256, false) : algorithm(OID.rsaEncryption, true),
    octets(signature),
  ]);
  if (key.timestamp) {
    const token = await key.timestamp(signature);
    const tokenNode = asn1.fromDer(token.toString('binary'));
    (signerInfo.value as forge.asn1.Asn1[]).push(
      asn1.create(C.CONTEXT_SPECIFIC, 1, true, [attribute(OID.signatureTimeStampToken, tokenNode)]),
    );
  }
  const signedData = seq([
    int(1),
    set([algorithm(OID.sha256, false)]),
    seq([oid(OID.data)]),
    asn1.create(C.CONTEXT_SPECIFIC, 0, true, [certNode]),
    set([signerInfo]),
  ]);
  return der(seq([oid(OID.signedData), asn1.create(C.CONTEXT_SPECIFIC, 0, true, [signedData])]));
}

function derLength(parts: Buffer[]): Buffer {
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let n = length; n > 0; n >>= 8) bytes.unshift(n & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
