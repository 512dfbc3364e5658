import { createHash, createVerify, X509Certificate } from 'node:crypto';
import forge from 'node-forge';

export type VerifiedSignature = {
  signer: string | null;
  signedAt: string | null;
  digestValid: boolean;
  signatureValid: boolean;
  coversWholeFile: boolean;
  certificateSubject: string;
  certificateFingerprint: string;
  /** Whether an RFC 3161 token is attached (PAdES B-T), its time, and whether it checks. */
  timestamped: boolean;
  timestampedAt: string | null;
  timestampValid: boolean;
};

const asArray = (node: forge.asn1.Asn1) => node.value as forge.asn1.Asn1[];
const bytesOf = (node: forge.asn1.Asn1) => Buffer.from(node.value as string, 'binary');
const oidOf = (node: forge.asn1.Asn1) => forge.asn1.derToOid(node.value as string);

/** Reads a PDF string or hex string of a signature dictionary (PDFDocEncoding/UTF-16BE). */
function pdfText(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  if (raw.startsWith('<')) {
    const bytes = Buffer.from(raw.slice(1, -1), 'hex');
    if (bytes[0] === 0xfe && bytes[1] === 0xff) return bytes.subarray(2).swap16().toString('utf16le');
    return bytes.toString('latin1');
  }
  return raw.slice(1, -1);
}

/**
 * Every signature of a PDF, checked on its own: the digest of its byte range against the signed
 * messageDigest, the RSA signature of the signed attributes against the embedded certificate, and
 * whether it covers the file up to its end. `valid`: all valid and the last covers everything.
 */
export function verifyPdf(pdf: Buffer): { valid: boolean; signatures: VerifiedSignature[] } {
  const text = pdf.toString('latin1');
  const signatures: VerifiedSignature[] = [];
  for (const match of text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
    const [a, b, c, d] = match.slice(1, 5).map(Number) as [number, number, number, number];
    const dictStart = text.lastIndexOf('<<', match.index);
    const dictEnd = text.indexOf('>>', b + (c - b));
    const dict = text.slice(dictStart, dictEnd);
    const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
    const contents = Buffer.from(text.slice(b + 1, c - 1), 'hex');
    signatures.push({
      ...checkCms(contents, signed),
      signer: pdfText(dict.match(/\/Name\s*(<[0-9a-fA-F]*>|\([^)]*\))/)?.[1]),
      signedAt: dict.match(/\/M\s*\(D:(\d{14})/)?.[1] ?? null,
      coversWholeFile: a === 0 && c + d === pdf.length,
    });
  }
  const last = signatures[signatures.length - 1];
  const valid =
    signatures.length > 0 &&
    signatures.every((s) => s.digestValid && s.signatureValid && (!s.timestamped || s.timestampValid)) &&
    last!.coversWholeFile;
  return { valid, signatures };
}

const MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const TIMESTAMP_TOKEN = '1.2.840.113549.1.9.16.2.14';
const derOf = (node: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(node).getBytes(), 'binary');

/**
 * One SignerInfo of a SignedData checked against `content`: the messageDigest signed attribute and
 * the signature of the signed attributes by the embedded certificate (RSA or ECDSA, SHA-256).
 */
function checkSignedData(signedData: forge.asn1.Asn1[], content: Buffer) {
  const certSet = signedData.find((n) => n.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && n.type === 0);
  const certNode = asArray(certSet!)[0]!;
  const certDer = derOf(certNode);
  const certificate = new X509Certificate(certDer);
  const signerInfo = asArray(asArray(signedData[signedData.length - 1]!)[0]!);
  const attrsNode = signerInfo[3]!;
  let messageDigest: Buffer | null = null;
  for (const attr of asArray(attrsNode)) {
    if (oidOf(asArray(attr)[0]!) === MESSAGE_DIGEST) messageDigest = bytesOf(asArray(asArray(attr)[1]!)[0]!);
  }
  const attrsDer = derOf(attrsNode);
  attrsDer[0] = 0x31; // the signature covers the attributes as a SET OF, not [0]
  const signature = bytesOf(signerInfo[5]!);
  return {
    signerInfo,
    signature,
    certificate,
    certDer,
    digestValid:
      messageDigest !== null && createHash('sha256').update(content).digest().equals(messageDigest),
    signatureValid: createVerify('sha256').update(attrsDer).verify(certificate.publicKey, signature),
  };
}

/** GeneralizedTime "YYYYMMDDhhmmss[.f]Z" as ISO 8601. */
function generalizedTime(value: string): string | null {
  const m = value.match(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})/);
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z` : null;
}

/**
 * The time-stamp token of a SignerInfo's unsigned attributes, checked: signed by its TSA and its
 * message imprint the SHA-256 of the signature value it stamps.
 */
function checkTimestamp(signerInfo: forge.asn1.Asn1[], signatureValue: Buffer) {
  const none = { timestamped: false, timestampedAt: null, timestampValid: false };
  const unsigned = signerInfo.find((n) => n.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && n.type === 1);
  const attr = unsigned && asArray(unsigned).find((a) => oidOf(asArray(a)[0]!) === TIMESTAMP_TOKEN);
  if (!attr) return none;
  try {
    const token = asArray(asArray(attr)[1]!)[0]!;
    const signedData = asArray(asArray(asArray(token)[1]!)[0]!);
    const encap = asArray(signedData[2]!);
    const tstInfoBytes = bytesOf(asArray(encap[1]!)[0]!);
    const tstInfo = asArray(forge.asn1.fromDer(tstInfoBytes.toString('binary')));
    const imprint = bytesOf(asArray(tstInfo[2]!)[1]!);
    const genTime = generalizedTime(tstInfo[4]!.value as string);
    const checked = checkSignedData(signedData, tstInfoBytes);
    const imprintValid = createHash('sha256').update(signatureValue).digest().equals(imprint);
    return {
      timestamped: true,
      timestampedAt: genTime,
      timestampValid: imprintValid && checked.digestValid && checked.signatureValid,
    };
  } catch {
    return { ...none, timestamped: true };
  }
}

function checkCms(contents: Buffer, signed: Buffer) {
  const failed = {
    digestValid: false,
    signatureValid: false,
    certificateSubject: '',
    certificateFingerprint: '',
    timestamped: false,
    timestampedAt: null,
    timestampValid: false,
  };
  try {
    const info = forge.asn1.fromDer(forge.util.createBuffer(contents.toString('binary')), {
      parseAllBytes: false,
    } as unknown as boolean);
    const signedData = asArray(asArray(asArray(info)[1]!)[0]!);
    const checked = checkSignedData(signedData, signed);
    return {
      digestValid: checked.digestValid,
      signatureValid: checked.signatureValid,
      certificateSubject: checked.certificate.subject,
      certificateFingerprint: createHash('sha256').update(checked.certDer).digest('hex'),
      ...checkTimestamp(checked.signerInfo, checked.signature),
    };
  } catch {
    return failed;
  }
}
