import { useMediaQuery } from '@mui/material';
import type { User } from '@portal/contracts';
import { useCallback, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { api, getToken } from '../api';
import { resolveDarkMode } from './dark-mode';
import { queryClient } from './query-client';
import { ME_KEY, useMe } from './session';
import { readPref, STORAGE_KEYS, writePref } from './storage';

const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const readStored = () => readPref(STORAGE_KEYS.darkMode);

/** Whether dark mode is on (URL, user setting, stored value, OS) and a toggle that remembers it. */
export function useDarkMode(): { dark: boolean; setDark: (dark: boolean) => void } {
  const [params] = useSearchParams();
  const me = useMe();
  const stored = useSyncExternalStore(subscribe, readStored);
  const osPrefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const dark = resolveDarkMode({
    urlValue: params.get('darkMode'),
    userSetting: me.data?.dark_mode,
    stored,
    osPrefersDark,
  });
  const setDark = useCallback((value: boolean) => {
    writePref(STORAGE_KEYS.darkMode, value ? 'dark' : 'light');
    for (const l of listeners) l();
    if (!getToken()) return;
    queryClient.setQueryData<User>(ME_KEY, (u) => (u ? { ...u, dark_mode: value } : u));
    void api.patch<User>('users/me', { dark_mode: value }).then(
      (user) => queryClient.setQueryData(ME_KEY, user),
      () => queryClient.invalidateQueries({ queryKey: ME_KEY }),
    );
  }, []);
  return { dark, setDark };
}
