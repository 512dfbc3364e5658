/**
 * The flow identifiers of unfinished uploads, kept in localStorage by file fingerprint, so that
 * choosing the same file again (even after the browser was closed) resumes its upload: the
 * server's test GET then tells which chunks it holds. Removed once the upload ends (finished,
 * cancelled, or failed for good); an upload that failed on a passing error keeps it.
 */
/** The documents' queue; the tasks' has its own (`TASK_UPLOADS_KEY`), listed in no folder's notice. */
export const DOCUMENT_UPLOADS_KEY = 'documents_uploads';
export const TASK_UPLOADS_KEY = 'tasks_uploads';
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

/** An upload's resume entries under one localStorage key: each call reads the stored JSON once. */
export type ResumeStore = {
  /** Every kept entry (fingerprint -> identifier), read once: for a whole selection. */
  snapshot(): ReadonlyMap<string, string>;
  find(fingerprint: string): string | null;
  /** Keeps (or touches) identifiers, in one write: their uploads are running now. */
  keep(entries: readonly (readonly [fingerprint: string, identifier: string])[], now?: number): void;
  forget(fingerprint: string): void;
  /**
   * The unfinished uploads kept for a folder (a browser closed, a failure cleared from the panel),
   * those the server may still hold (run within `RESUMABLE_FOR_MS`), oldest first. Reads only.
   */
  unfinishedIn(
    target: { vendorId: number; folderId: number },
    now?: number,
  ): { key: string; relativePath: string; size: number }[];
  /** Forgets the entries the server no longer holds (run more than `RESUMABLE_FOR_MS` ago). */
  forgetExpired(now?: number): void;
};

export function resumeStore(key: string): ResumeStore {
  const readAll = (): Record<string, Kept> => {
    let value: unknown;
    try {
      value = JSON.parse(storage()?.getItem(key) ?? '{}');
    } catch {
      return {};
    }
    if (typeof value !== 'object' || value === null) return {};
    const out: Record<string, Kept> = {};
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'string') out[k] = { id: v, at: 0 };
      else if (typeof v === 'object' && v !== null && typeof v.id === 'string')
        out[k] = { id: v.id, at: typeof v.at === 'number' ? v.at : 0 };
    }
    return out;
  };
  const writeAll = (entries: Record<string, Kept>): void => {
    const keys = Object.keys(entries);
    // Oldest first (insertion order): forget the oldest past the cap.
    for (const k of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete entries[k];
    try {
      storage()?.setItem(key, JSON.stringify(entries));
    } catch {
      // Storage full or refused: the upload goes on, it just cannot resume.
    }
  };
  return {
    snapshot: () => new Map(Object.entries(readAll()).map(([k, kept]) => [k, kept.id])),
    find: (fingerprint) => readAll()[fingerprint]?.id ?? null,
    keep(entries, now = Date.now()) {
      if (entries.length === 0) return;
      const all = readAll();
      for (const [fingerprint, id] of entries) {
        delete all[fingerprint];
        all[fingerprint] = { id, at: now };
      }
      writeAll(all);
    },
    forget(fingerprint) {
      const all = readAll();
      if (!(fingerprint in all)) return;
      delete all[fingerprint];
      writeAll(all);
    },
    unfinishedIn(target, now = Date.now()) {
      const out: { key: string; relativePath: string; size: number }[] = [];
      for (const [k, kept] of Object.entries(readAll())) {
        if (now - kept.at > RESUMABLE_FOR_MS) continue;
        const f = parseFingerprint(k);
        if (f && f.vendorId === target.vendorId && f.folderId === target.folderId)
          out.push({ key: k, relativePath: f.relativePath, size: f.size });
      }
      return out;
    },
    forgetExpired(now = Date.now()) {
      const all = readAll();
      let expired = false;
      for (const [k, kept] of Object.entries(all)) {
        if (now - kept.at <= RESUMABLE_FOR_MS) continue;
        delete all[k];
        expired = true;
      }
      if (expired) writeAll(all);
    },
  };
}

/** The documents' queue's entries (the upload panel, the interrupted uploads' notice). */
export const documentUploads = resumeStore(DOCUMENT_UPLOADS_KEY);
