/**
 * Domain events, in process: a module emits after its change committed, listeners (the
 * notifications to come) subscribe on the context. Modules add their events by declaration
 * merging (`declare module '.../platform/events'`), so this file knows no domain.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging.
export interface AppEvents {}

export type EventName = keyof AppEvents;
type Listener<E extends EventName> = (payload: AppEvents[E]) => void | Promise<void>;

export type Events = {
  on<E extends EventName>(event: E, listener: Listener<E>): () => void;
  /** Calls every listener; a failing listener is logged, never fails the change that emitted. */
  emit<E extends EventName>(event: E, payload: AppEvents[E]): void;
  /**
   * Resolves once every listener started so far has finished: the tests wait for it after each
   * request, so that a listener's writes (a new document's workflow status) belong to the request
   * that caused them, not to the next one.
   */
  settled(): Promise<void>;
};

type Log = { error(obj: object, msg: string): void };

export function createEvents(log: Log = { error: () => {} }): Events {
  const listeners = new Map<EventName, Set<Listener<never>>>();
  const running = new Set<Promise<void>>();
  return {
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as Listener<never>);
      listeners.set(event, set);
      return () => set.delete(listener as Listener<never>);
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) {
        try {
          const result = (listener as Listener<typeof event>)(payload);
          if (result instanceof Promise) {
            const done: Promise<void> = result
              .then(
                () => {},
                (error: unknown) => log.error({ err: error, event }, 'event listener failed'),
              )
              .finally(() => running.delete(done));
            running.add(done);
          }
        } catch (error) {
          log.error({ err: error, event }, 'event listener failed');
        }
      }
    },
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
