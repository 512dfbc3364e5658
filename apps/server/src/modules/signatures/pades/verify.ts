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
    signatures.every((s) => s.digestValid && s.signatureValid) &&
    last!.coversWholeFile;
  return { valid, signatures };
}

function checkCms(contents: Buffer, signed: Buffer) {
  const failed = {
    digestValid: false,
    signatureValid: false,
    certificateSubject: '',
    certificateFingerprint: '',
  };
  try {
    const info = forge.asn1.fromDer(forge.util.createBuffer(contents.toString('binary')), {
      parseAllBytes: false,
    } as unknown as boolean);
    const signedData = asArray(asArray(asArray(info)[1]!)[0]!);
    const certNode = asArray(signedData[3]!)[0]!;
    const certDer = Buffer.from(forge.asn1.toDer(certNode).getBytes(), 'binary');
    const certificate = new X509Certificate(certDer);
    const signerInfo = asArray(asArray(signedData[signedData.length - 1]!)[0]!);
    const attrsNode = signerInfo[3]!;
    let messageDigest: Buffer | null = null;
    for (const attr of asArray(attrsNode)) {
      if (oidOf(asArray(attr)[0]!) === '1.2.840.113549.1.9.4')
        messageDigest = bytesOf(asArray(asArray(attr)[1]!)[0]!);
    }
    const attrsDer = Buffer.from(forge.asn1.toDer(attrsNode).getBytes(), 'binary');
    attrsDer[0] = 0x31; // the signature covers the attributes as a SET OF, not [0]
    const signature = bytesOf(signerInfo[5]!);
    return {
      digestValid:
        messageDigest !== null && createHash('sha256').update(signed).digest().equals(messageDigest),
      signatureValid: createVerify('sha256').update(attrsDer).verify(certificate.publicKey, signature),
      certificateSubject: certificate.subject,
      certificateFingerprint: createHash('sha256').update(certDer).digest('hex'),
    };
  } catch {
    return failed;
  }
}
