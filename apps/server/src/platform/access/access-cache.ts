/**
 * A short-lived in-process cache of what every authenticated request asks first: the session a
 * bearer token opens, and the caller's grant on the resource they name. Correctness does not rest
 * on the lifetime: every change that can alter access notifies `portal_access` from the database
 * (triggers of migration 0002) and each process clears the whole cache when told
 * (`access-invalidation.ts`). The lifetime only bounds what no row change announces (a client
 * membership whose revocation date passes at midnight).
 *
 * A lookup that started before a clear does not store its answer: it may have read the old rows.
 */
export type AccessCache = {
  /** The cached value for `key`, else `load()`'s (stored unless a clear happened meanwhile). */
  get<T>(space: CacheSpace, key: string, load: () => Promise<T>, valid?: (value: T) => boolean): Promise<T>;
  clear(): void;
  /** While off (the invalidation channel is down), every lookup goes to the database. */
  setEnabled(enabled: boolean): void;
  readonly size: number;
};

export type CacheSpace = 'session' | 'grant' | 'credential' | 'preference';

type Entry = { value: unknown; expires: number };

export type AccessCacheOptions = { ttlMs?: number; maxEntries?: number; now?: () => number };

export function createAccessCache({
  ttlMs = 10_000,
  maxEntries = 50_000,
  now = Date.now,
}: AccessCacheOptions = {}): AccessCache {
  const entries = new Map<string, Entry>();
  let generation = 0;
  let enabled = true;

  return {
    async get(space, key, load, valid) {
      const id = `${space}:${key}`;
      if (!enabled) return load();
      const hit = entries.get(id);
      if (hit) {
        if (hit.expires > now() && (!valid || valid(hit.value as never))) return hit.value as never;
        entries.delete(id);
      }
      const started = generation;
      const value = await load();
      if (started === generation && enabled) {
        // Maps iterate in insertion order: dropping the first entry drops the oldest.
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
        entries.set(id, { value, expires: now() + ttlMs });
      }
      return value;
    },
    clear() {
      generation++;
      entries.clear();
    },
    setEnabled(on) {
      enabled = on;
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/** A cache that never keeps anything (tools and tests that want every lookup from the database). */
export const NO_ACCESS_CACHE: AccessCache = {
  get: (_space, _key, load) => load(),
  clear() {},
  setEnabled() {},
  size: 0,
};
