/**
 * Answers of hot reads whose SQL must visit many rows (the task lists and counters of a firm with
 * thousands of tasks), kept per firm in process memory. Correctness does not rest on the lifetime:
 * the database's triggers notify `portal_reads` with the firm's id and the kind of data that
 * changed (with the client file or person it concerns where one does) when a row such an answer
 * reads changes, and `portal_access` when who sees what changes; every process listening drops
 * the answers that show that kind, or all of them (`access-invalidation.ts`). A write request
 * answers only once its own process has received those notifications (the write barrier). The
 * lifetime bounds what no row announces: the date (overdue tasks) and a client's end of access
 * passing at midnight.
 *
 * A load that started before a clear of its answer does not store it: it may have read the old
 * rows. Concurrent misses of one key share one load (when an answer expires, the hundreds of
 * requests asking for it at that moment run one query, not one each); a request that arrives
 * after a clear of the answer never joins a load started before it.
 */

/**
 * The kinds of data a cached answer shows, as the triggers announce them (migration 0021):
 * - `tasks`: tasks, their items, members and themes;
 * - `vendors`: the listed columns of client files (company, codes, status...);
 * - `documents`: folders, documents and versions, per client file;
 * - `reads`: read marks, per person (whose documents are unread only to that person);
 * - `people`: the shown columns of a person (name, e-mail...);
 * - `modules`: the firm's and its client files' modules;
 * - `firm`: the firm's row, white labels and sign-in providers.
 */
export const READ_KINDS = ['tasks', 'vendors', 'documents', 'reads', 'people', 'modules', 'firm'] as const;
export type ReadKind = (typeof READ_KINDS)[number];
/** A kind as a whole (any client file or person), or only one client file's / person's. */
export type Shown = ReadKind | { kind: ReadKind; scope: number };

/** A cached answer's key and the kinds of data it shows. */
export type ReadKey = { key: string; shows: readonly Shown[] };

/** What a cached answer that does not say what it shows is dropped by: every change of its firm. */
export const EVERY_KIND: readonly Shown[] = READ_KINDS;

export type ReadCache = {
  /**
   * The cached answer for `key` in the firm, else `load()`'s (stored unless cleared meanwhile).
   * `shows`: the kinds of data the answer shows, which a change of any other kind leaves; a bare
   * key shows every kind.
   */
  get<T>(accountingFirmId: number, key: string | ReadKey, load: () => Promise<T>): Promise<T>;
  /** Drops the firm's answers that show `kind` (of the client file or person `scope`, or any). */
  clearKind(accountingFirmId: number, kind: ReadKind, scope?: number): void;
  clearFirm(accountingFirmId: number): void;
  clear(): void;
  /** While off (the invalidation channel is down), every read goes to the database. */
  setEnabled(enabled: boolean): void;
  readonly size: number;
};

const ANY = -1;
type Tag = { kind: ReadKind; scope: number };
/** A stored answer, or a load in flight (`loading`) that requests for the same key join. */
type Entry = { tags: Tag[]; loading?: Promise<unknown>; value?: unknown; expires: number };
type Firm = { entries: Map<string, Entry>; byKind: Map<ReadKind, Map<number, Set<string>>> };

export type ReadCacheOptions = { ttlMs?: number; maxEntries?: number; now?: () => number };

const tagOf = (shown: Shown): Tag =>
  typeof shown === 'string' ? { kind: shown, scope: ANY } : { kind: shown.kind, scope: shown.scope };

export function createReadCache({
  ttlMs = 10_000,
  maxEntries = 20_000,
  now = Date.now,
}: ReadCacheOptions = {}): ReadCache {
  let firms = new Map<number, Firm>();
  let size = 0;
  let enabled = true;

  const firmOf = (id: number) => {
    let firm = firms.get(id);
    if (!firm) {
      firm = { entries: new Map(), byKind: new Map() };
      firms.set(id, firm);
    }
    return firm;
  };
  const clearAll = () => {
    // A new map: a load finishing later finds its firm's record gone and stores nothing.
    firms = new Map();
    size = 0;
  };
  const drop = (firm: Firm, key: string) => {
    const entry = firm.entries.get(key);
    if (!entry) return;
    firm.entries.delete(key);
    if (!entry.loading) size--;
    for (const { kind, scope } of entry.tags) {
      const scopes = firm.byKind.get(kind);
      const keys = scopes?.get(scope);
      keys?.delete(key);
      if (keys?.size === 0) scopes!.delete(scope);
    }
  };
  const add = (firm: Firm, key: string, entry: Entry) => {
    firm.entries.set(key, entry);
    for (const { kind, scope } of entry.tags) {
      let scopes = firm.byKind.get(kind);
      if (!scopes) {
        scopes = new Map();
        firm.byKind.set(kind, scopes);
      }
      let keys = scopes.get(scope);
      if (!keys) {
        keys = new Set();
        scopes.set(scope, keys);
      }
      keys.add(key);
    }
  };

  return {
    async get(accountingFirmId, readKey, load) {
      if (!enabled) return load();
      const { key, shows } = typeof readKey === 'string' ? { key: readKey, shows: EVERY_KIND } : readKey;
      const firm = firmOf(accountingFirmId);
      const hit = firm.entries.get(key);
      if (hit) {
        if (hit.loading) return hit.loading as never;
        if (hit.expires > now()) return hit.value as never;
        drop(firm, key);
      }
      const entry: Entry = { tags: shows.map(tagOf), expires: 0 };
      // Still this key's entry when the load ends: nothing it shows changed meanwhile.
      const current = () => firms.get(accountingFirmId) === firm && firm.entries.get(key) === entry;
      const loading = load().then(
        (value) => {
          if (!current()) return value;
          if (size >= maxEntries) {
            clearAll();
            return value;
          }
          entry.loading = undefined;
          entry.value = value;
          entry.expires = now() + ttlMs;
          size++;
          return value;
        },
        (error: unknown) => {
          if (current()) drop(firm, key);
          throw error;
        },
      );
      entry.loading = loading;
      add(firm, key, entry);
      return loading;
    },
    clearKind(accountingFirmId, kind, scope) {
      const firm = firms.get(accountingFirmId);
      const scopes = firm?.byKind.get(kind);
      if (!firm || !scopes) return;
      const sets = scope === undefined ? [...scopes.values()] : [scopes.get(ANY), scopes.get(scope)];
      for (const keys of sets) for (const key of [...(keys ?? [])]) drop(firm, key);
    },
    clearFirm(accountingFirmId) {
      const firm = firms.get(accountingFirmId);
      if (!firm) return;
      for (const entry of firm.entries.values()) if (!entry.loading) size--;
      firms.delete(accountingFirmId);
    },
    clear: clearAll,
    setEnabled(on) {
      enabled = on;
      clearAll();
    },
    get size() {
      return size;
    },
  };
}

/**
 * Applies one `portal_reads` notification: `firm:kind` or `firm:kind:scope` drops the answers
 * showing that kind, a bare firm id all the firm's, `*` (or anything unknown) every answer.
 */
export function clearNotified(cache: ReadCache, payload: string): void {
  const match = /^(\d+)(?::([a-z]+)(?::(\d+))?)?$/.exec(payload);
  const firm = Number(match?.[1]);
  const kind = match?.[2] as ReadKind | undefined;
  const scope = match?.[3] === undefined ? undefined : Number(match[3]);
  if (!match || !Number.isSafeInteger(firm)) cache.clear();
  else if (kind === undefined || !READ_KINDS.includes(kind)) cache.clearFirm(firm);
  else cache.clearKind(firm, kind, scope !== undefined && Number.isSafeInteger(scope) ? scope : undefined);
}

/** A cache that never keeps anything (tools and tests that want every read from the database). */
export const NO_READ_CACHE: ReadCache = {
  get: (_firm, _key, load) => load(),
  clearKind() {},
  clearFirm() {},
  clear() {},
  setEnabled() {},
  size: 0,
};
