import { useMediaQuery } from '@mui/material';
import type { User } from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { getToken } from '../api';
import { updateMe } from './api';
import { resolveDarkMode } from './dark-mode';
import { useMe } from './session';
import { ME_KEY } from './session-keys';
import { readPref, STORAGE_KEYS, writePref } from './storage';

const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const readStored = () => readPref(STORAGE_KEYS.darkMode);

/** Saves the user's dark mode: shown at once, then the server's answer, or the user refetched. */
function useSaveDarkMode() {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: (dark: boolean) => updateMe({ dark_mode: dark }),
    onSuccess: (user) => queryClient.setQueryData(ME_KEY, user),
    onError: () => queryClient.invalidateQueries({ queryKey: ME_KEY }),
  });
  return useCallback(
    (dark: boolean) => {
      queryClient.setQueryData<User>(ME_KEY, (u) => (u ? { ...u, dark_mode: dark } : u));
      mutate(dark);
    },
    [queryClient, mutate],
  );
}

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
  const saveDarkMode = useSaveDarkMode();
  const setDark = useCallback(
    (value: boolean) => {
      writePref(STORAGE_KEYS.darkMode, value ? 'dark' : 'light');
      for (const l of listeners) l();
      if (!getToken()) return;
      saveDarkMode(value);
    },
    [saveDarkMode],
  );
  return { dark, setDark };
}
