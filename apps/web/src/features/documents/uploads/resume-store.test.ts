import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../test/memory-storage';
import {
  documentUploads,
  fingerprintOf,
  parseFingerprint,
  RESUMABLE_FOR_MS,
  resumeStore,
  TASK_UPLOADS_KEY,
} from './resume-store';

const store = documentUploads;
const keepIdentifier = (fingerprint: string, id: string, now?: number) =>
  store.keep([[fingerprint, id]], now);

const key = (folderId: number, relativePath: string, vendorId = 1) =>
  fingerprintOf({ vendorId, folderId, relativePath, size: 1200, lastModified: 99 });

describe('resume store', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('reads a fingerprint back, slashes of the path included', () => {
    const f = {
      vendorId: 3,
      folderId: 40,
      relativePath: 'Bilans/2024/a b.pdf',
      size: 12,
      lastModified: 1700,
    };
    expect(parseFingerprint(fingerprintOf(f))).toEqual(f);
    expect(parseFingerprint('nonsense')).toBeNull();
  });

  it("lists a folder's unfinished uploads the server may still hold, and forgets the expired", () => {
    const now = 10 * RESUMABLE_FOR_MS;
    keepIdentifier(key(2, 'a.pdf'), 'id-a', now - 1000);
    keepIdentifier(key(2, 'Bilans/b.pdf'), 'id-b', now - RESUMABLE_FOR_MS - 1);
    keepIdentifier(key(3, 'c.pdf'), 'id-c', now);
    keepIdentifier(key(2, 'd.pdf', 9), 'id-d', now);
    expect(store.unfinishedIn({ vendorId: 1, folderId: 2 }, now)).toEqual([
      { key: key(2, 'a.pdf'), relativePath: 'a.pdf', size: 1200 },
    ]);
    // Listing reads only: the expired entry goes when asked.
    expect(store.find(key(2, 'Bilans/b.pdf'))).toBe('id-b');
    store.forgetExpired(now);
    expect(store.find(key(2, 'Bilans/b.pdf'))).toBeNull();
    expect(store.find(key(3, 'c.pdf'))).toBe('id-c');
    store.forget(key(2, 'a.pdf'));
    expect(store.unfinishedIn({ vendorId: 1, folderId: 2 }, now)).toEqual([]);
  });

  it('still resumes an identifier kept as a bare string (an older version), but never lists it', () => {
    localStorage.setItem('documents_uploads', JSON.stringify({ [key(2, 'a.pdf')]: 'old-id' }));
    expect(store.find(key(2, 'a.pdf'))).toBe('old-id');
    expect(store.unfinishedIn({ vendorId: 1, folderId: 2 })).toEqual([]);
  });

  it('keeps a selection in one write, readable at once, and each queue in its own key', () => {
    const tasks = resumeStore(TASK_UPLOADS_KEY);
    store.keep([
      [key(2, 'a.pdf'), 'id-a'],
      [key(2, 'b.pdf'), 'id-b'],
    ]);
    tasks.keep([[key(2, 'c.pdf'), 'id-c']]);
    expect([...store.snapshot()]).toEqual([
      [key(2, 'a.pdf'), 'id-a'],
      [key(2, 'b.pdf'), 'id-b'],
    ]);
    expect(store.unfinishedIn({ vendorId: 1, folderId: 2 }).map((u) => u.relativePath)).toEqual([
      'a.pdf',
      'b.pdf',
    ]);
    expect(tasks.find(key(2, 'c.pdf'))).toBe('id-c');
    expect(store.find(key(2, 'c.pdf'))).toBeNull();
  });
});
