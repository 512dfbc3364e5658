/**
 * A small typed in-process event bus on the context: modules declare their events by merging
 * into `AppEvents`, emit after their transaction commits, and listeners (the notifications to
 * come) subscribe. Listeners run after the emitter's turn; one failing does not stop the others.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in each module.
export interface AppEvents {}

type Listener<E> = (event: E) => void | Promise<void>;

export type EventBus = {
  on<K extends keyof AppEvents>(name: K, listener: Listener<AppEvents[K]>): () => void;
  emit<K extends keyof AppEvents>(name: K, event: AppEvents[K]): void;
};

export function createEventBus(onError: (error: unknown) => void = () => {}): EventBus {
  const listeners = new Map<string, Set<Listener<unknown>>>();
  return {
    on(name, listener) {
      let set = listeners.get(name as string);
      if (!set) {
        set = new Set();
        listeners.set(name as string, set);
      }
      set.add(listener as Listener<unknown>);
      return () => set.delete(listener as Listener<unknown>);
    },
    emit(name, event) {
      for (const listener of listeners.get(name as string) ?? []) {
        queueMicrotask(() => {
          try {
            Promise.resolve(listener(event)).catch(onError);
          } catch (error) {
            onError(error);
          }
        });
      }
    },
  };
}
