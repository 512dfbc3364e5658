import { useSyncExternalStore } from 'react';
import type { Selection } from './route-types';
import { readIdPref, STORAGE_KEYS, writePref } from './storage';

/** The selected firm and company, remembered locally (last firm, last company). */
let current: Selection | null = null;
const listeners = new Set<() => void>();

function initial(): Selection | null {
  const firm = readIdPref(STORAGE_KEYS.lastFirm);
  return firm === null ? null : { accountingFirmId: firm, vendorId: readIdPref(STORAGE_KEYS.lastCompany) };
}

export function getSelection(): Selection | null {
  if (current === null) current = initial();
  return current;
}

export function setSelection(next: Selection): void {
  const prev = getSelection();
  if (prev?.accountingFirmId === next.accountingFirmId && prev.vendorId === next.vendorId) return;
  current = next;
  writePref(STORAGE_KEYS.lastFirm, next.accountingFirmId);
  writePref(STORAGE_KEYS.lastCompany, next.vendorId);
  for (const l of listeners) l();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useStoredSelection = (): Selection | null => useSyncExternalStore(subscribe, getSelection);
