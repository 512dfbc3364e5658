import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type * as client from 'openid-client';

/**
 * Where a firm's identity provider may be fetched from. A firm administrator types the issuer and
 * any anonymous visitor makes the server fetch it (discovery, keys, token, userinfo), so loopback,
 * private, link-local (cloud metadata) and other non-public addresses are refused, at saving and
 * again at every connection (the address the name resolves to then: DNS rebinding). Allowed:
 * hosts listed in SSO_ALLOWED_PRIVATE_ISSUERS (on-premises providers), and anything outside
 * production with SSO_ALLOW_INSECURE_ISSUERS (tests, development).
 */
export type IssuerPolicy = { allowsPrivate(url: URL): boolean };

export function issuerPolicy(config: {
  SSO_ALLOW_INSECURE_ISSUERS: boolean;
  SSO_ALLOWED_PRIVATE_ISSUERS?: string;
  NODE_ENV: string;
}): IssuerPolicy {
  const listed = new Set(
    (config.SSO_ALLOWED_PRIVATE_ISSUERS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
  const all = config.SSO_ALLOW_INSECURE_ISSUERS && config.NODE_ENV !== 'production';
  return {
    allowsPrivate: (url) =>
      all || listed.has(url.host.toLowerCase()) || listed.has(url.hostname.toLowerCase()),
  };
}

const blocked = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  // Multicast, reserved and broadcast.
  ['224.0.0.0', 3],
] as const) {
  blocked.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 127],
  // IPv4-mapped and NAT64: an IPv4 address in IPv6 clothes.
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(address, prefix, 'ipv6');
}

/** Whether an IP address is not a public unicast one. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The host without IPv6 brackets nor a final dot (`localhost.` is `localhost`). */
const bareHost = (url: URL) =>
  url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();

/**
 * What is wrong with an issuer as typed, before any fetch: credentials in it, or a host that is
 * an IP literal of a non-public range or a `localhost` name. Names are checked when connecting.
 */
export function issuerProblem(issuer: string, policy: IssuerPolicy): 'private-issuer' | null {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return null; // The contract's format check answers it.
  }
  if (url.username || url.password) return 'private-issuer';
  if (policy.allowsPrivate(url)) return null;
  const host = bareHost(url);
  if (host === 'localhost' || host.endsWith('.localhost')) return 'private-issuer';
  if (net.isIP(host) && isPrivateAddress(host)) return 'private-issuer';
  return null;
}

export class BlockedIssuerAddress extends Error {
  constructor(host: string) {
    super(`sso: ${host} is a private or local address, refused`);
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** dns.lookup that fails when the name resolves to any non-public address. */
function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad || addresses.length === 0) return callback(new BlockedIssuerAddress(hostname), []);
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    return callback(null, first!.address, first!.family);
  });
}

const MAX_BODY_BYTES = 1024 * 1024;

function bodyBytes(body: unknown): string | Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  throw new Error('sso: unsupported request body');
}

/**
 * The fetch openid-client uses for a provider: every connection goes through the guarded lookup
 * (and an IP literal through the same check), redirects are never followed (openid-client asks
 * for `manual`; a 3xx is answered as it came and fails discovery), credentials in URLs refused.
 */
export function guardedFetch(policy: IssuerPolicy): client.CustomFetch {
  return (input, options) => {
    const url = new URL(input);
    if (url.username || url.password) return Promise.reject(new Error('sso: credentials in a provider URL'));
    const open = policy.allowsPrivate(url);
    const host = bareHost(url);
    if (!open && (host === 'localhost' || (net.isIP(host) && isPrivateAddress(host)))) {
      return Promise.reject(new BlockedIssuerAddress(host));
    }
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const request = transport.request(
        url,
        {
          method: options.method,
          headers: options.headers as Record<string, string>,
          signal: options.signal,
          ...(open ? {} : { lookup: guardedLookup as unknown as net.LookupFunction }),
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_BODY_BYTES) res.destroy(new Error('sso: provider answer too large'));
            else chunks.push(chunk);
          });
          res.on('error', reject);
          res.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              for (const v of [value ?? []].flat()) headers.append(name, v);
            }
            const status = res.statusCode ?? 502;
            const empty = status === 204 || status === 304;
            resolve(
              new Response(empty ? null : Buffer.concat(chunks), {
                status,
                statusText: res.statusMessage,
                headers,
              }),
            );
          });
        },
      );
      request.on('error', reject);
      const body = bodyBytes(options.body);
      if (body !== undefined) request.write(body);
      request.end();
    });
  };
}
