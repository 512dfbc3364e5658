import type { FastifyReply, FastifyRequest } from 'fastify';

/** HTTP details of the drive: Basic credentials, byte ranges, conditional headers. */

export const DAV_REALM = 'Portal network drive';
export const CHALLENGE = `Basic realm="${DAV_REALM}", charset="UTF-8"`;

/** The email and password of `Authorization: Basic ...` (UTF-8), or null. */
export function basicCredentials(header: string | undefined): { email: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match?.[1] || match[1].length > 1000) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { email: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** A single byte range of `Range` for a `size`-byte body; 'unsatisfiable', or null to send it whole. */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

const tags = (header: string) => header.split(',').map((t) => t.trim().replace(/^W\//, ''));

/**
 * Applies `If-Match`, `If-None-Match` and `If-Modified-Since` to a resource of strong ETag `etag`
 * (absent: the resource does not exist): the status to answer instead, or null to go on.
 */
export function preconditionStatus(
  request: FastifyRequest,
  etag: string | null,
  modified: Date | null,
): 304 | 412 | null {
  const ifMatch = request.headers['if-match'];
  if (ifMatch) {
    if (!etag) return 412;
    if (ifMatch.trim() !== '*' && !tags(ifMatch).includes(etag)) return 412;
  }
  const ifNoneMatch = request.headers['if-none-match'];
  const reading = request.method === 'GET' || request.method === 'HEAD';
  if (ifNoneMatch) {
    const matches = etag !== null && (ifNoneMatch.trim() === '*' || tags(ifNoneMatch).includes(etag));
    if (matches) return reading ? 304 : 412;
  } else if (reading && modified) {
    const since = request.headers['if-modified-since'];
    if (since && Math.floor(modified.getTime() / 1000) <= Math.floor(Date.parse(since) / 1000)) return 304;
  }
  return null;
}

export const quotedEtag = (key: string) => `"${key}"`;

export function sendXml(reply: FastifyReply, status: number, xml: string) {
  return reply.code(status).header('content-type', 'application/xml; charset=utf-8').send(xml);
}
