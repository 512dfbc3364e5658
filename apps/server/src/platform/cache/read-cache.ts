/**
 * Answers of hot reads whose SQL must visit many rows (the task lists and counters of a firm with
 * thousands of tasks), kept per firm in process memory. Correctness does not rest on the lifetime:
 * the database's triggers notify `portal_reads` with the firm's id when a row such an answer reads
 * changes, and `portal_access` when who sees what changes; every process listening drops the
 * firm's answers, or all of them (`access-invalidation.ts`). A write request answers only once its
 * own process has received those notifications (the write barrier). The lifetime bounds what no
 * row announces: the date (overdue tasks) and a client's end of access passing at midnight.
 *
 * A load that started before a clear of its firm does not store its answer: it may have read the
 * old rows. Concurrent misses of one key share one load (when an answer expires, the hundreds of
 * requests asking for it at that moment run one query, not one each); a request that arrives
 * after a clear of the firm never joins a load started before it.
 */
export type ReadCache = {
  /** The cached answer for `key` in the firm, else `load()`'s (stored unless cleared meanwhile). */
  get<T>(accountingFirmId: number, key: string, load: () => Promise<T>): Promise<T>;
  clearFirm(accountingFirmId: number): void;
  clear(): void;
  /** While off (the invalidation channel is down), every read goes to the database. */
  setEnabled(enabled: boolean): void;
  readonly size: number;
};

type Entry = { value: unknown; expires: number };
type Firm = { entries: Map<string, Entry>; loading: Map<string, Promise<unknown>>; generation: number };

export type ReadCacheOptions = { ttlMs?: number; maxEntries?: number; now?: () => number };

export function createReadCache({
  ttlMs = 10_000,
  maxEntries = 20_000,
  now = Date.now,
}: ReadCacheOptions = {}): ReadCache {
  const firms = new Map<number, Firm>();
  let size = 0;
  let generation = 0;
  let enabled = true;

  const firmOf = (id: number) => {
    let firm = firms.get(id);
    if (!firm) {
      firm = { entries: new Map(), loading: new Map(), generation: 0 };
      firms.set(id, firm);
    }
    return firm;
  };
  const clearAll = () => {
    generation++;
    firms.clear();
    size = 0;
  };

  return {
    async get(accountingFirmId, key, load) {
      if (!enabled) return load();
      const firm = firmOf(accountingFirmId);
      const hit = firm.entries.get(key);
      if (hit) {
        if (hit.expires > now()) return hit.value as never;
        firm.entries.delete(key);
        size--;
      }
      const shared = firm.loading.get(key);
      if (shared) return shared as never;
      const started = { all: generation, firm: firm.generation };
      const loading = load().then(
        (value) => {
          if (firm.loading.get(key) === loading) firm.loading.delete(key);
          // The firm's record may have been replaced by a clear of everything: compare generations.
          if (enabled && started.all === generation && started.firm === firm.generation) {
            if (size >= maxEntries) clearAll();
            const current = firmOf(accountingFirmId);
            if (!current.entries.has(key)) size++;
            current.entries.set(key, { value, expires: now() + ttlMs });
          }
          return value;
        },
        (error: unknown) => {
          if (firm.loading.get(key) === loading) firm.loading.delete(key);
          throw error;
        },
      );
      firm.loading.set(key, loading);
      return loading;
    },
    clearFirm(accountingFirmId) {
      const firm = firms.get(accountingFirmId);
      if (!firm) return;
      firm.generation++;
      size -= firm.entries.size;
      firm.entries.clear();
      firm.loading.clear();
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

/** A cache that never keeps anything (tools and tests that want every read from the database). */
export const NO_READ_CACHE: ReadCache = {
  get: (_firm, _key, load) => load(),
  clearFirm() {},
  clear() {},
  setEnabled() {},
  size: 0,
};
