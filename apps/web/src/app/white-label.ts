import type { WhiteLabel, WhiteLabelResponse } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { getToken } from '../api';
import { fetchWhiteLabel as fetchAnswer } from './api';
import { whiteLabelRedirectUrl } from './firm-selection';
import { queryClient } from './query-client';
import { WHITE_LABEL_KEY } from './session-keys';
import { readIdPref, STORAGE_KEYS } from './storage';

/** The firm whose white label is shown: `a_id` from the query, else the last firm when signed in. */
let firmId: number | null = null;
let initialised = false;
const listeners = new Set<() => void>();

function initialFirmId(): number | null {
  const fromQuery = Number(new URLSearchParams(window.location.search).get('a_id'));
  if (Number.isSafeInteger(fromQuery) && fromQuery > 0) return fromQuery;
  return getToken() ? readIdPref(STORAGE_KEYS.lastFirm) : null;
}

export function getWhiteLabelFirmId(): number | null {
  if (!initialised) {
    firmId = initialFirmId();
    initialised = true;
  }
  return firmId;
}

/** Selecting another firm reloads its white labels. */
export function setWhiteLabelFirmId(id: number | null): void {
  if (getWhiteLabelFirmId() === id) return;
  firmId = id;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export { WHITE_LABEL_KEY };

const whiteLabelKey = (id: number | null) => [...WHITE_LABEL_KEY, id ?? 0] as const;

/** Never settles: the browser is leaving. */
const leaving = () => new Promise<never>(() => {});

async function fetchWhiteLabel(id: number | null): Promise<WhiteLabelResponse> {
  const get = fetchAnswer;
  let response: WhiteLabelResponse;
  try {
    response = await get(id === null ? undefined : { accounting_firm_id: id });
  } catch (error) {
    if (id === null) throw error;
    response = await get();
  }
  const target = whiteLabelRedirectUrl({
    response,
    token: getToken(),
    host: window.location.host,
    protocol: window.location.protocol,
    currentPath: `${window.location.pathname}${window.location.search}`,
  });
  if (target) {
    window.location.assign(target);
    return leaving();
  }
  return response;
}

/** Start-up: the white label of the current firm (throws when it cannot be loaded). */
export const ensureWhiteLabel = (): Promise<WhiteLabelResponse> => {
  const id = getWhiteLabelFirmId();
  return queryClient.ensureQueryData({
    queryKey: whiteLabelKey(id),
    queryFn: () => fetchWhiteLabel(id),
    staleTime: 5 * 60_000,
  });
};

/** Asks for a firm's white label ahead of its use (the guards, once they know the frame's firm). */
export function prefetchWhiteLabel(id: number): void {
  if (getWhiteLabelFirmId() === id) return;
  void queryClient.prefetchQuery({
    // Only when absent or older than the hooks' freshness (the frame refreshes it itself).
    queryKey: whiteLabelKey(id),
    queryFn: () => fetchWhiteLabel(id),
    staleTime: 5 * 60_000,
  });
}

export function useWhiteLabel() {
  const id = useSyncExternalStore(subscribe, getWhiteLabelFirmId);
  return useQuery({
    queryKey: whiteLabelKey(id),
    queryFn: () => fetchWhiteLabel(id),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The white label of one theme, else the other one. */
export function pickWhiteLabel(response: WhiteLabelResponse | undefined, dark: boolean): WhiteLabel | null {
  const labels = response?.white_labels ?? [];
  return labels.find((w) => w.theme === (dark ? 'dark' : 'light')) ?? labels[0] ?? null;
}

export const faviconUrl = (label: WhiteLabel): string =>
  `/api/accounting-firms/${label.accounting_firm_id}/white-labels/${label.theme}/favicon.ico?last_modified=${encodeURIComponent(label.updated_at)}`;
