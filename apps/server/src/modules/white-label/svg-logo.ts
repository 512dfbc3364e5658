import type createDOMPurify from 'dompurify';
import type { JSDOM } from 'jsdom';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Why an SVG logo cannot be stored: not an SVG document, or one that loads things from elsewhere. */
export type SvgLogoProblem = 'invalid-image' | 'svg-external-reference';

export class SvgLogoError extends Error {
  constructor(readonly problem: SvgLogoProblem) {
    super(problem);
  }
}

/**
 * Characters that entities declared in the document may expand to. saxes (jsdom's XML parser)
 * expands internal entities but not entities inside them, so one long entity used many times is
 * the only amplification: a 500 KB file could otherwise grow to gigabytes of text.
 */
const MAX_ENTITY_EXPANSION = 1_000_000;

/**
 * Elements DOMPurify's SVG profile keeps that a logo does not need. Animations can set `href`
 * to anything at run time (`<set attributeName="href" to="...">`), which no check of the
 * static document sees.
 */
const FORBID_TAGS = ['animate', 'animateMotion', 'animateTransform', 'animateColor', 'set', 'discard'];

/** Embedded raster images: the only URLs besides a fragment of the logo itself. */
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp)[;,]/i;

/** A URL without the whitespace and control characters browsers drop or ignore in it. */
const compact = (url: string) => url.replace(/[\u0000-\u0020\u007f]/g, '');

/** A reference inside the logo (`#id`), or, where `dataImage`, an embedded raster image. */
function isLocal(url: string, dataImage: boolean): boolean {
  const target = compact(url);
  return target.startsWith('#') || (dataImage && DATA_IMAGE.test(target));
}

/** CSS with its comments removed and its escapes (`\75 rl(`, `\@import`) decoded. */
function plainCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, ' ')
    .replace(/\\([0-9a-fA-F]{1,6})[ \t\n\r\f]?|\\([\s\S])/g, (_, hex: string | undefined, char: string) => {
      if (hex === undefined) return char;
      const code = Number.parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
    });
}

/**
 * Whether CSS (a `<style>` element, a `style` attribute or a presentation attribute such as
 * `fill="url(#g)"`) loads anything from outside the logo: `@import`, a `url()` to anything but a
 * fragment or an embedded raster image, or a function that takes a URL as a bare string.
 */
export function cssLoadsExternal(css: string): boolean {
  const text = plainCss(css);
  if (/@import/i.test(text)) return true;
  if (/(?:image-set|image|cross-fade|element|src)\s*\(/i.test(text)) return true;
  for (const match of text.matchAll(/url\s*\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*?))\s*\)/gi)) {
    if (!isLocal(match[1] ?? match[2] ?? match[3] ?? '', true)) return true;
  }
  return false;
}

/** Declared entities' length times their uses: what parsing the document could expand to. */
function entityExpansion(text: string): number {
  const subset = /<!DOCTYPE[^[>]*\[([\s\S]*?)\]\s*>/i.exec(text)?.[1];
  if (!subset) return 0;
  let total = 0;
  for (const [, name, double, single] of subset.matchAll(
    /<!ENTITY\s+([^\s%"']+)\s+(?:"([^"]*)"|'([^']*)')/g,
  )) {
    const uses = text.split(`&${name};`).length - 1;
    total += (double ?? single ?? '').length * uses;
  }
  return total;
}

/** Whether an element or one of its attributes refers to something outside the logo. */
function refersOutside(element: Element): boolean {
  for (const attribute of Array.from(element.attributes)) {
    const name = attribute.localName.toLowerCase();
    if (name === 'href' || name === 'src') {
      // `<use>` of a data: URL is an old way to run an inline SVG document: fragments only.
      if (!isLocal(attribute.value, element.localName !== 'use')) return true;
    } else if (name === 'style' || /url\s*\(|@import|\\/i.test(attribute.value)) {
      if (cssLoadsExternal(attribute.value)) return true;
    }
  }
  return element.localName === 'style' && cssLoadsExternal(element.textContent ?? '');
}

/**
 * Cleans an uploaded SVG logo for storage, or refuses it.
 *
 * - Not a well-formed SVG document (or entities that would blow up): `invalid-image`.
 * - Active content is removed, the picture staying the same: scripts, event handlers
 *   (`onload`...), `javascript:` and other unsafe links, `<foreignObject>`, animations. This is
 *   DOMPurify's SVG profile, `<use>` added back (fragments only, checked below).
 * - A reference to anything outside the file is refused with `svg-external-reference`, since
 *   dropping it would change the picture and keeping it would make every viewer's browser fetch
 *   it: `href`/`xlink:href` to anything but a fragment (`#id`) or an embedded png, jpeg, gif or
 *   webp (`data:image/...`; only a fragment for `<use>`), CSS `url()` likewise, `@import`.
 *
 * Returns the cleaned document, serialised as XML without the prolog (doctype, comments).
 */
function cleanSvgLogo(dom: Dom, bytes: Buffer): Buffer {
  const { JSDOM, createDOMPurify } = dom;
  const text = bytes.toString('utf8').replace(/^\ufeff/, '');
  if (entityExpansion(text) > MAX_ENTITY_EXPANSION) throw new SvgLogoError('invalid-image');
  const { window } = new JSDOM('');
  try {
    const root = new window.DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
    if (root.namespaceURI !== SVG_NS || root.localName !== 'svg') throw new SvgLogoError('invalid-image');
    const purify = createDOMPurify(window);
    purify.sanitize(root, {
      IN_PLACE: true,
      USE_PROFILES: { svg: true, svgFilters: true },
      ADD_TAGS: ['use'],
      FORBID_TAGS,
    });
    for (const element of [root, ...Array.from(root.querySelectorAll('*'))]) {
      if (refersOutside(element)) throw new SvgLogoError('svg-external-reference');
    }
    return Buffer.from(new window.XMLSerializer().serializeToString(root), 'utf8');
  } finally {
    window.close();
  }
}

type Dom = { JSDOM: typeof JSDOM; createDOMPurify: typeof createDOMPurify };

/**
 * The SVG logo cleaner (`cleanSvgLogo` above). jsdom weighs ~100 MB of memory once loaded
 * (measured): it is loaded on the first SVG logo, not at start (the runtime keeps the loaded
 * modules: later calls find them there).
 */
export async function svgLogoCleaner(): Promise<(bytes: Buffer) => Buffer> {
  const [jsdom, purify] = await Promise.all([import('jsdom'), import('dompurify')]);
  const loaded: Dom = { JSDOM: jsdom.JSDOM, createDOMPurify: purify.default };
  return (bytes) => cleanSvgLogo(loaded, bytes);
}
