import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../test/memory-storage';
import {
  findIdentifier,
  fingerprintOf,
  forgetIdentifier,
  keepIdentifier,
  parseFingerprint,
  RESUMABLE_FOR_MS,
  unfinishedIn,
} from './resume-store';

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
    expect(unfinishedIn({ vendorId: 1, folderId: 2 }, now)).toEqual([
      { key: key(2, 'a.pdf'), relativePath: 'a.pdf', size: 1200 },
    ]);
    expect(findIdentifier(key(2, 'Bilans/b.pdf'))).toBeNull();
    expect(findIdentifier(key(3, 'c.pdf'))).toBe('id-c');
    forgetIdentifier(key(2, 'a.pdf'));
    expect(unfinishedIn({ vendorId: 1, folderId: 2 }, now)).toEqual([]);
  });

  it('still resumes an identifier kept as a bare string (an older version), but never lists it', () => {
    localStorage.setItem('documents_uploads', JSON.stringify({ [key(2, 'a.pdf')]: 'old-id' }));
    expect(findIdentifier(key(2, 'a.pdf'))).toBe('old-id');
    expect(unfinishedIn({ vendorId: 1, folderId: 2 })).toEqual([]);
  });
});
