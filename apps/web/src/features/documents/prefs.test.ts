import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../test/memory-storage';
import { readDisplayMode, readSort, writeDisplayMode, writeSort } from './prefs';

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
