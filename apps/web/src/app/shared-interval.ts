/** One timer per key, however many components ask for it: the first starts it, the last stops it. */
const timers = new Map<string, { users: number; timer: ReturnType<typeof setInterval> }>();

/**
 * Runs `tick` every `ms` while at least one holder of `key` is mounted; answers the release of this
 * holder. Several pages polling the same query share one interval (React Query runs one per
 * observer: three badges on one screen would each refetch every minute).
 */
export function holdInterval(key: string, tick: () => void, ms: number): () => void {
  let held = timers.get(key);
  if (!held) {
    held = { users: 0, timer: setInterval(tick, ms) };
    timers.set(key, held);
  }
  held.users += 1;
  const mine = held;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    mine.users -= 1;
    if (mine.users === 0) {
      clearInterval(mine.timer);
      if (timers.get(key) === mine) timers.delete(key);
    }
  };
}
