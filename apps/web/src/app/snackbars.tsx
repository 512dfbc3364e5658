import type { OptionsObject, SnackbarMessage } from 'notistack';
import { lazy, Suspense, useSyncExternalStore } from 'react';

type Enqueue = (message: SnackbarMessage, options?: OptionsObject) => void;
/** notistack's functions, once its provider is mounted. */
export type SnackbarControls = { enqueue: Enqueue; closeAll: () => void };

/**
 * Snackbars (notistack) without notistack in the first load: `<Snackbars />` mounts notistack's
 * provider, loaded the first time a snackbar is asked for; `enqueueSnackbar` waits for it. Same
 * options and look as notistack's own `useSnackbar().enqueueSnackbar`.
 */
let wanted = false;
const listeners = new Set<() => void>();
let hostReady: (controls: SnackbarControls) => void = () => undefined;
const host = new Promise<SnackbarControls>((resolve) => {
  hostReady = resolve;
});

export function enqueueSnackbar(message: SnackbarMessage, options?: OptionsObject): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void host.then(({ enqueue }) => enqueue(message, options));
}

/** Closes the snackbars shown (a view's confirmations once the person leaves it). */
export function closeSnackbars(): void {
  if (wanted) void host.then(({ closeAll }) => closeAll());
}

const SNACKBAR = { enqueueSnackbar } as const;

/** Like notistack's hook: `const { enqueueSnackbar } = useSnackbar()`. */
export const useSnackbar = () => SNACKBAR;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const SnackbarHost = lazy(() => import('./snackbar-host'));

/** Where the snackbars show (inside the theme); renders nothing until the first one. */
export function Snackbars() {
  const show = useSyncExternalStore(subscribe, () => wanted);
  return show ? (
    <Suspense fallback={null}>
      <SnackbarHost onReady={hostReady} />
    </Suspense>
  ) : null;
}
