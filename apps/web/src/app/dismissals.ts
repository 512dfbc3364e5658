import { useCallback, useSyncExternalStore } from 'react';

/**
 * Notices a person put away until the next sign-in (`startSession` and `endSession` forget them).
 * Kept in sessionStorage so that a reload of the tab does not bring them back.
 */
const KEY = 'dismissed_notices';
const listeners = new Set<() => void>();

const storage = (): Storage | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

function read(): string {
  try {
    return storage()?.getItem(KEY) ?? '[]';
  } catch {
    return '[]';
  }
}

function parse(text: string): string[] {
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

const dismissed = (): string[] => parse(read());

function write(list: string[]): void {
  try {
    if (list.length === 0) storage()?.removeItem(KEY);
    else storage()?.setItem(KEY, JSON.stringify(list));
  } catch {
    // Storage refused (private mode): the notice comes back at the next page load.
  }
  for (const listener of listeners) listener();
}

export const isDismissed = (notice: string): boolean => dismissed().includes(notice);

export function dismiss(notice: string): void {
  if (!isDismissed(notice)) write([...dismissed(), notice]);
}

/** At a sign-in or sign-out: every notice shows again. */
export const forgetDismissals = (): void => write([]);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether `notice` was put away in this session, and the callback putting it away. */
export function useDismissal(notice: string): [boolean, () => void] {
  const list = useSyncExternalStore(subscribe, read, read);
  const put = useCallback(() => dismiss(notice), [notice]);
  return [parse(list).includes(notice), put];
}
