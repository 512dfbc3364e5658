/**
 * Paths of the network drive (`/dav/...`): decoded and normalised once, then resolved through the
 * document manager by name, never through a file system.
 */

export const DAV_PREFIX = '/dav';

/** The decoded segments of a `/dav/...` URL, or null when it is refused (`..`, encoded separators, NUL). */
export function davSegments(rawUrl: string): string[] | null {
  const path = rawUrl.split('?')[0]!.split('#')[0]!;
  if (path !== DAV_PREFIX && !path.startsWith(`${DAV_PREFIX}/`)) return null;
  const rest = path.slice(DAV_PREFIX.length);
  const segments: string[] = [];
  for (const raw of rest.split('/')) {
    if (raw === '') continue;
    // An encoded separator would name a path the client did not see as one.
    if (/%2f|%5c|%00/i.test(raw)) return null;
    let name: string;
    try {
      name = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (name === '.' || name === '..' || name.includes('\u0000') || name.includes('\\')) return null;
    segments.push(name.normalize('NFC'));
  }
  return segments;
}

/** The href of a path: each segment percent-encoded, collections ending with `/`. */
export function davHref(segments: string[], collection: boolean): string {
  const path = segments.map((s) => encodeURIComponent(s)).join('/');
  return `${DAV_PREFIX}/${path}${collection && path ? '/' : ''}`;
}

/** Characters no file system client accepts in a name: replaced by `_` in the names we make up. */
const FORBIDDEN = /[/\\:*?"<>|\u0000-\u001f\u007f]/g;

/**
 * A name we make up (workspace, client folder) as a safe path segment: forbidden characters as
 * `_`, NFC (as paths are read), no trailing dot or space (Windows drops them), never empty, `.` or `..`.
 */
export const safeName = (name: string): string =>
  name
    .normalize('NFC')
    .replace(FORBIDDEN, '_')
    .trim()
    .replace(/[. ]+$/, '') || '_';

/**
 * Unique names for a list (workspaces, client folders), compared case-insensitively as the drives
 * do: a name several items share gets ` (suffix)`, the first of `suffixes(item)` that is non-empty
 * and makes it unique (the last one, an id, always does).
 */
export function uniqueNames<T>(items: T[], name: (item: T) => string, suffixes: (item: T) => string[]) {
  const key = (s: string) => s.toLowerCase();
  const bases = items.map((item) => safeName(name(item)));
  const counts = new Map<string, number>();
  for (const base of bases) counts.set(key(base), (counts.get(key(base)) ?? 0) + 1);
  const taken = new Set(bases.filter((b) => counts.get(key(b)) === 1).map(key));
  return items.map((item, i) => {
    const base = bases[i]!;
    if (counts.get(key(base)) === 1) return { item, name: base };
    const candidates = suffixes(item)
      .filter((s) => s.trim())
      .map((s) => safeName(`${base} (${s.trim()})`));
    const name = candidates.find((c) => !taken.has(key(c))) ?? candidates.at(-1) ?? base;
    taken.add(key(name));
    return { item, name };
  });
}

/** The Destination header's path, or null when it names another host or is not under `/dav/`. */
export function destinationSegments(destination: string | undefined, host: string | undefined) {
  if (!destination) return null;
  let path = destination;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(destination)) {
    let url: URL;
    try {
      url = new URL(destination);
    } catch {
      return null;
    }
    if (!host || url.host.toLowerCase() !== host.toLowerCase()) return null;
    path = url.pathname;
  }
  return davSegments(path);
}
