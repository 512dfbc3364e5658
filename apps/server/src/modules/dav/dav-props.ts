import type { DavEntry } from './dav.service';
import { DAV_NS, escapeXml, type PropName, parsePropfind, responseXml } from './dav-xml';

/** The live properties of an entry (RFC 4918, section 15), as XML; null when it has none. */
const LIVE: Record<string, (e: DavEntry) => string | null> = {
  resourcetype: (e) => (e.collection ? '<D:collection/>' : ''),
  displayname: (e) => escapeXml(e.name),
  getcontentlength: (e) => (e.collection ? null : String(e.size ?? 0)),
  getcontenttype: (e) => (e.collection ? null : escapeXml(e.mime ?? 'application/octet-stream')),
  getetag: (e) => (e.etag ? escapeXml(`"${e.etag}"`) : null),
  getlastmodified: (e) => e.modified.toUTCString(),
  creationdate: (e) => e.created.toISOString(),
  supportedlock: () =>
    '<D:lockentry><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>' +
    '<D:lockentry><D:lockscope><D:shared/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>',
  lockdiscovery: (e) => e.locks ?? '',
};

const dav = (name: string): PropName => ({ ns: DAV_NS, name });

/** RFC 4331's live properties: answered when named, listed by propname, never in allprop. */
const QUOTA: Record<string, (e: DavEntry) => string | null> = {
  'quota-used-bytes': (e) => (e.quota ? String(e.quota.used) : null),
  'quota-available-bytes': (e) => (e.quota?.available == null ? null : String(e.quota.available)),
};

/** The multistatus of a PROPFIND over `entries`, answering what its body asks. */
export function propfindXml(body: string, entries: { href: string; entry: DavEntry }[]): string {
  const request = parsePropfind(body);
  const responses = entries.map(({ href, entry }) => {
    const available = Object.keys(LIVE).filter((name) => LIVE[name]!(entry) !== null);
    const dead = entry.dead ?? [];
    if (request.kind === 'propname')
      return responseXml(
        href,
        [
          ...available.map(dav),
          ...Object.keys(QUOTA)
            .filter(() => entry.collection)
            .map(dav),
          ...dead,
        ].map((prop) => ({ prop: { ns: prop.ns, name: prop.name }, xml: '' })),
        [],
      );
    const wanted = request.kind === 'allprop' ? [...available.map(dav), ...dead] : request.props;
    const found: { prop: PropName; xml: string }[] = [];
    const missing: PropName[] = [];
    for (const prop of wanted) {
      const value =
        prop.ns === DAV_NS && LIVE[prop.name]
          ? LIVE[prop.name]!(entry)
          : prop.ns === DAV_NS && QUOTA[prop.name]
            ? QUOTA[prop.name]!(entry)
            : dead.find((d) => d.ns === prop.ns && d.name === prop.name)?.xml;
      if (value === undefined || value === null) missing.push(prop);
      else found.push({ prop: { ns: prop.ns, name: prop.name }, xml: value });
    }
    return responseXml(href, found, missing);
  });
  return `<?xml version="1.0" encoding="utf-8"?>\n<D:multistatus xmlns:D="DAV:">${responses.join('')}</D:multistatus>`;
}

/** Whether a PROPFIND body asks for the locks (allprop, or `lockdiscovery` named). */
export function asksLocks(body: string): boolean {
  const request = parsePropfind(body);
  if (request.kind === 'allprop') return true;
  return request.kind === 'prop' && request.props.some((p) => p.ns === DAV_NS && p.name === 'lockdiscovery');
}

/** Live properties PROPPATCH may not change (RFC 4918: protected). */
export const isLiveProperty = (prop: PropName) =>
  prop.ns === DAV_NS && (prop.name in LIVE || prop.name in QUOTA);
