/**
 * The flow identifiers of unfinished uploads, kept in localStorage by file fingerprint, so that
 * choosing the same file again (even after the browser was closed) resumes its upload: the
 * server's test GET then tells which chunks it holds. Removed once the upload ends (finished,
 * cancelled, or failed for good); an upload that failed on a passing error keeps it.
 */
const KEY = 'documents_uploads';
const MAX_ENTRIES = 200;
/** The server removes an upload idle this long with its chunks (`UPLOAD_IDLE_SECONDS`). */
export const RESUMABLE_FOR_MS = 24 * 60 * 60 * 1000;

export type Fingerprint = {
  vendorId: number;
  folderId: number;
  relativePath: string;
  size: number;
  lastModified: number;
};

export const fingerprintOf = (f: Fingerprint): string =>
  `${f.vendorId}/${f.folderId}/${f.size}/${f.lastModified}/${f.relativePath}`;

/** The inverse of `fingerprintOf` (null for a key of another shape). */
export function parseFingerprint(key: string): Fingerprint | null {
  const match = /^(\d+)\/(\d+)\/(\d+)\/(-?\d+)\/(.+)$/s.exec(key);
  if (!match) return null;
  const [, vendorId, folderId, size, lastModified, relativePath] = match;
  return {
    vendorId: Number(vendorId),
    folderId: Number(folderId),
    size: Number(size),
    lastModified: Number(lastModified),
    relativePath: relativePath as string,
  };
}

/** An identifier and when its upload last ran (0: unknown, kept by an older version: expired). */
type Kept = { id: string; at: number };

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

function readAll(): Record<string, Kept> {
  let value: unknown;
  try {
    value = JSON.parse(storage()?.getItem(KEY) ?? '{}');
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null) return {};
  const out: Record<string, Kept> = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'string') out[key] = { id: v, at: 0 };
    else if (typeof v === 'object' && v !== null && typeof v.id === 'string')
      out[key] = { id: v.id, at: typeof v.at === 'number' ? v.at : 0 };
  }
  return out;
}

function writeAll(entries: Record<string, Kept>): void {
  const keys = Object.keys(entries);
  // Oldest first (insertion order): forget the oldest past the cap.
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete entries[key];
  try {
    storage()?.setItem(KEY, JSON.stringify(entries));
  } catch {
    // Storage full or refused: the upload goes on, it just cannot resume.
  }
}

export const findIdentifier = (fingerprint: string): string | null => readAll()[fingerprint]?.id ?? null;

/** Keeps (or touches) an upload's identifier: its upload is running now. */
export function keepIdentifier(fingerprint: string, identifier: string, now = Date.now()): void {
  const all = readAll();
  delete all[fingerprint];
  all[fingerprint] = { id: identifier, at: now };
  writeAll(all);
}

export function forgetIdentifier(fingerprint: string): void {
  const all = readAll();
  if (!(fingerprint in all)) return;
  delete all[fingerprint];
  writeAll(all);
}

/**
 * The unfinished uploads kept for a folder (a browser closed, a failure cleared from the panel),
 * those the server may still hold (run within `RESUMABLE_FOR_MS`), oldest first. The expired ones
 * are forgotten on the way.
 */
export function unfinishedIn(
  target: { vendorId: number; folderId: number },
  now = Date.now(),
): { key: string; relativePath: string; size: number }[] {
  const all = readAll();
  const out: { key: string; relativePath: string; size: number }[] = [];
  let expired = false;
  for (const [key, kept] of Object.entries(all)) {
    if (now - kept.at > RESUMABLE_FOR_MS) {
      delete all[key];
      expired = true;
      continue;
    }
    const f = parseFingerprint(key);
    if (f && f.vendorId === target.vendorId && f.folderId === target.folderId)
      out.push({ key, relativePath: f.relativePath, size: f.size });
  }
  if (expired) writeAll(all);
  return out;
}
