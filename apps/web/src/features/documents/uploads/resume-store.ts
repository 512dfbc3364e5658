/**
 * The flow identifiers of unfinished uploads, kept in localStorage by file fingerprint, so that
 * choosing the same file again (even after the browser was closed) resumes its upload: the
 * server's test GET then tells which chunks it holds. Removed once the upload ends.
 */
const KEY = 'documents_uploads';
const MAX_ENTRIES = 200;

export type Fingerprint = {
  vendorId: number;
  folderId: number;
  relativePath: string;
  size: number;
  lastModified: number;
};

export const fingerprintOf = (f: Fingerprint): string =>
  `${f.vendorId}/${f.folderId}/${f.size}/${f.lastModified}/${f.relativePath}`;

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

function readAll(): Record<string, string> {
  try {
    const value = JSON.parse(storage()?.getItem(KEY) ?? '{}') as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function writeAll(entries: Record<string, string>): void {
  const keys = Object.keys(entries);
  // Oldest first (insertion order): forget the oldest past the cap.
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete entries[key];
  storage()?.setItem(KEY, JSON.stringify(entries));
}

export const findIdentifier = (fingerprint: string): string | null => readAll()[fingerprint] ?? null;

export function keepIdentifier(fingerprint: string, identifier: string): void {
  const all = readAll();
  all[fingerprint] = identifier;
  writeAll(all);
}

export function forgetIdentifier(fingerprint: string): void {
  const all = readAll();
  if (!(fingerprint in all)) return;
  delete all[fingerprint];
  writeAll(all);
}
