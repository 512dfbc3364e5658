import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readDisplayMode, readSort, writeDisplayMode, writeSort } from './prefs';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

describe('display preferences', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('default to the list in the default order, then remember the choice', () => {
    expect(readDisplayMode()).toBe('list');
    expect(readSort()).toEqual({ field: 'default', order: 'asc' });
    writeDisplayMode('mosaic');
    writeSort({ field: 'size', order: 'desc' });
    expect(readDisplayMode()).toBe('mosaic');
    expect(readSort()).toEqual({ field: 'size', order: 'desc' });
  });

  it('ignore what they do not know', () => {
    localStorage.setItem('documents_display_mode', 'huge');
    localStorage.setItem('documents_sort', 'colour:up');
    expect(readDisplayMode()).toBe('list');
    expect(readSort()).toEqual({ field: 'default', order: 'asc' });
  });
});
