/**
 * A map that keeps at most `max` entries, dropping the oldest one written first: for values that
 * are costly to make and never change under their key (a key names its version). One per app
 * context, never a module-level one (`architecture.test.ts`).
 */
export type BoundedCache<V> = {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  readonly size: number;
};

export function createBoundedCache<V>(max: number): BoundedCache<V> {
  const entries = new Map<string, V>();
  return {
    get: (key) => entries.get(key),
    set(key, value) {
      entries.delete(key);
      while (entries.size >= max) entries.delete(entries.keys().next().value as string);
      entries.set(key, value);
    },
    get size() {
      return entries.size;
    },
  };
}
