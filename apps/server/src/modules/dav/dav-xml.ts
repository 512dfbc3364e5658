import { SaxesParser } from 'saxes';

/** The XML of WebDAV (RFC 4918): reading request bodies, writing multistatus answers. */

export const DAV_NS = 'DAV:';

export type PropName = { ns: string; name: string };

/** What a PROPFIND asks: every property, their names only, or the listed ones. */
export type PropfindRequest =
  | { kind: 'allprop' }
  | { kind: 'propname' }
  | { kind: 'prop'; props: PropName[] };

export class BadXmlError extends Error {}

export type Element = { ns: string; name: string; children: Element[]; text: string };

/** A small namespace-aware tree of the body (bodies are small: PROPFIND, PROPPATCH, LOCK). */
export function parseXml(body: string): Element {
  const parser = new SaxesParser({ xmlns: true });
  const root: Element = { ns: '', name: '#document', children: [], text: '' };
  const stack: Element[] = [root];
  parser.on('opentag', (tag) => {
    const element: Element = { ns: tag.uri ?? '', name: tag.local ?? tag.name, children: [], text: '' };
    stack.at(-1)!.children.push(element);
    stack.push(element);
  });
  parser.on('closetag', () => void stack.pop());
  parser.on('text', (text) => {
    stack.at(-1)!.text += text;
  });
  parser.on('cdata', (text) => {
    stack.at(-1)!.text += text;
  });
  try {
    parser.write(body).close();
  } catch (error) {
    throw new BadXmlError((error as Error).message);
  }
  const top = root.children[0];
  if (!top) throw new BadXmlError('empty document');
  return top;
}

export const child = (element: Element, name: string, ns = DAV_NS) =>
  element.children.find((c) => c.ns === ns && c.name === name);

export function parsePropfind(body: string): PropfindRequest {
  if (!body.trim()) return { kind: 'allprop' };
  const top = parseXml(body);
  if (top.ns !== DAV_NS || top.name !== 'propfind') throw new BadXmlError('not a propfind');
  if (child(top, 'propname')) return { kind: 'propname' };
  const prop = child(top, 'prop');
  if (prop) return { kind: 'prop', props: prop.children.map((c) => ({ ns: c.ns, name: c.name })) };
  if (child(top, 'allprop')) return { kind: 'allprop' };
  throw new BadXmlError('empty propfind');
}

/** Text content (quotes need no escape there). */
export const escapeXml = (text: string) =>
  text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

const escapeAttribute = (text: string) => escapeXml(text).replace(/"/g, '&quot;');

/** A property's value, already XML (its children), or null when the resource lacks it. */
export type PropValues = Map<string, string | null>;

export const propKey = (p: PropName) => `${p.ns}\u0000${p.name}`;

/** Writes one `<D:response>` for a resource: found properties in a 200 propstat, the others 404. */
export function responseXml(
  href: string,
  found: { prop: PropName; xml: string }[],
  missing: PropName[],
): string {
  const namespaces = new Map<string, string>();
  const tag = (p: PropName) => {
    if (p.ns === DAV_NS) return { open: `D:${p.name}`, decl: '' };
    if (!p.ns) return { open: p.name, decl: ' xmlns=""' };
    let prefix = namespaces.get(p.ns);
    if (!prefix) {
      prefix = `ns${namespaces.size}`;
      namespaces.set(p.ns, prefix);
    }
    return { open: `${prefix}:${p.name}`, decl: ` xmlns:${prefix}="${escapeAttribute(p.ns)}"` };
  };
  const element = (p: PropName, xml: string) => {
    const t = tag(p);
    return xml ? `<${t.open}${t.decl}>${xml}</${t.open}>` : `<${t.open}${t.decl}/>`;
  };
  let out = `<D:response><D:href>${escapeXml(href)}</D:href>`;
  if (found.length)
    out += `<D:propstat><D:prop>${found.map((f) => element(f.prop, f.xml)).join('')}</D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>`;
  if (missing.length)
    out += `<D:propstat><D:prop>${missing.map((p) => element(p, '')).join('')}</D:prop><D:status>HTTP/1.1 404 Not Found</D:status></D:propstat>`;
  return `${out}</D:response>`;
}

export const multistatus = (responses: string[]) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<D:multistatus xmlns:D="DAV:">${responses.join('')}</D:multistatus>`;

/** A `<D:error>` body (RFC 4918, section 16), e.g. `propfind-finite-depth`. */
export const errorXml = (condition: string) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<D:error xmlns:D="DAV:"><D:${condition}/></D:error>`;

/** An element's content as XML again (children declare their namespace; mixed text comes first). */
export function innerXml(element: Element): string {
  const text = element.children.length && !element.text.trim() ? '' : escapeXml(element.text);
  return text + element.children.map(outerXml).join('');
}

function outerXml(element: Element): string {
  const decl = ` xmlns="${escapeAttribute(element.ns)}"`;
  const inner = innerXml(element);
  return inner ? `<${element.name}${decl}>${inner}</${element.name}>` : `<${element.name}${decl}/>`;
}

/** A PROPPATCH's instructions in document order: set (with the value's XML) or remove. */
export type PropUpdate = { prop: PropName; set: true; xml: string } | { prop: PropName; set: false };

export function parseProppatch(body: string): PropUpdate[] {
  const top = parseXml(body);
  if (top.ns !== DAV_NS || top.name !== 'propertyupdate') throw new BadXmlError('not a propertyupdate');
  const updates: PropUpdate[] = [];
  for (const instruction of top.children) {
    if (instruction.ns !== DAV_NS || (instruction.name !== 'set' && instruction.name !== 'remove')) continue;
    const prop = child(instruction, 'prop');
    if (!prop) throw new BadXmlError('no prop');
    for (const p of prop.children) {
      const name = { ns: p.ns, name: p.name };
      updates.push(
        instruction.name === 'set' ? { prop: name, set: true, xml: innerXml(p) } : { prop: name, set: false },
      );
    }
  }
  if (!updates.length) throw new BadXmlError('empty propertyupdate');
  return updates;
}
