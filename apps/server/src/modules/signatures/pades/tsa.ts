import { createHash, randomBytes } from 'node:crypto';
import forge from 'node-forge';

const { asn1 } = forge;
const T = asn1.Type;
const C = asn1.Class;
const SHA256 = '2.16.840.1.101.3.4.2.1';
const TIMEOUT_MS = 15_000;

const bin = (bytes: Buffer) => bytes.toString('binary');

/** A DER RFC 3161 TimeStampReq for the SHA-256 of `data`, asking for the TSA's certificate. */
export function timeStampRequest(data: Buffer, nonce = randomBytes(8)): Buffer {
  const digest = createHash('sha256').update(data).digest();
  nonce[0] = nonce[0]! & 0x7f;
  const req = asn1.create(C.UNIVERSAL, T.SEQUENCE, true, [
    asn1.create(C.UNIVERSAL, T.INTEGER, false, asn1.integerToDer(1).getBytes()),
    asn1.create(C.UNIVERSAL, T.SEQUENCE, true, [
      asn1.create(C.UNIVERSAL, T.SEQUENCE, true, [
        asn1.create(C.UNIVERSAL, T.OID, false, asn1.oidToDer(SHA256).getBytes()),
      ]),
      asn1.create(C.UNIVERSAL, T.OCTETSTRING, false, bin(digest)),
    ]),
    asn1.create(C.UNIVERSAL, T.INTEGER, false, bin(nonce)),
    asn1.create(C.UNIVERSAL, T.BOOLEAN, false, String.fromCharCode(0xff)),
  ]);
  return Buffer.from(asn1.toDer(req).getBytes(), 'binary');
}

/** The time-stamp token (DER ContentInfo) of a TimeStampResp, or an error when not granted. */
export function tokenOfResponse(response: Buffer): Buffer {
  const resp = asn1.fromDer(bin(response));
  const [status, token] = resp.value as forge.asn1.Asn1[];
  const code = (status!.value as forge.asn1.Asn1[])[0]!;
  const value = asn1.derToInteger(code.value as string);
  if ((value !== 0 && value !== 1) || !token) throw new Error(`time-stamp refused (status ${value})`);
  return Buffer.from(asn1.toDer(token).getBytes(), 'binary');
}

/** Asks the TSA at `url` for a token over `data` (the signature value, for PAdES B-T). */
export async function fetchTimeStamp(url: string, data: Buffer): Promise<Buffer> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
    body: new Uint8Array(timeStampRequest(data)),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`time-stamp authority answered ${res.status}`);
  return tokenOfResponse(Buffer.from(await res.arrayBuffer()));
}
