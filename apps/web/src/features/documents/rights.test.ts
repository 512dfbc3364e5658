import { describe, expect, it } from 'vitest';
import { canChangeIn, canShare, documentRights, isProtected, transferStep, withThemes } from './rights';

describe('document rights', () => {
  it('lets firm members validate, client admins and collaborators write, guests and read-only read', () => {
    const rights = (canWrite: boolean, canValidate: boolean, canPurge: boolean) => ({
      canWrite,
      canValidate,
      canPurge,
    });
    // Only the firm (with write access) validates and empties the trash.
    expect(documentRights({ role: 'accountant', read_only: false })).toEqual(rights(true, true, true));
    expect(documentRights({ role: 'admin', read_only: false })).toEqual(rights(true, false, false));
    expect(documentRights({ role: 'collaborator', read_only: false })).toEqual(rights(true, false, false));
    expect(documentRights({ role: 'guest', read_only: false })).toEqual(rights(false, false, false));
    expect(documentRights({ role: 'accountant', read_only: true })).toEqual(rights(false, false, false));
    expect(documentRights(undefined)).toEqual(rights(false, false, false));
  });

  it('protects validated documents and read-only folders', () => {
    const doc = { type: 'document', is_validated: false, read_only: false } as const;
    expect(isProtected({ ...doc, is_validated: true })).toBe(true);
    expect(isProtected({ ...doc, type: 'folder', read_only: true })).toBe(true);
    expect(isProtected(doc)).toBe(false);
    // The documents of a read-only folder, not its sub-folders.
    expect(isProtected(doc, true)).toBe(true);
    expect(isProtected({ ...doc, type: 'folder' }, true)).toBe(false);
  });

  it('keeps a read-only folder unchanged but by those who may validate', () => {
    const firm = { canWrite: true, canValidate: true, canPurge: true };
    const client = { canWrite: true, canValidate: false, canPurge: false };
    const guest = { canWrite: false, canValidate: false, canPurge: false };
    expect(canChangeIn(firm, true)).toBe(true);
    expect(canChangeIn(client, true)).toBe(false);
    expect(canChangeIn(client, false)).toBe(true);
    expect(canChangeIn(guest, false)).toBe(false);
  });
});

describe('transfer steps', () => {
  const docs = { document_ids: [1] };
  const none = { document_ids: [] };
  const err = (status: number, code?: string, errors?: Record<string, string[]>) => ({
    status,
    body: { code, errors },
  });
  it('asks before moving a default folder', () => {
    expect(transferStep(err(422, 'default-folder-move'), none)).toBe('confirm-default-folders');
  });
  it('asks about documents or folders after a name conflict, by the field the server names', () => {
    expect(transferStep(err(422, 'node-name-conflict', { document_ids: ['x'] }), docs)).toBe('ask-documents');
    expect(transferStep(err(422, 'node-name-conflict', { folder_ids: ['x'] }), docs)).toBe('ask-folders');
    expect(transferStep(err(422, 'node-name-conflict', { folder_id: ['x'] }), docs)).toBe('ask-documents');
    expect(transferStep(err(422, 'node-name-conflict', { folder_id: ['x'] }), none)).toBe('ask-folders');
  });
  it('gives up on anything else', () => {
    expect(transferStep(err(403, 'forbidden'), docs)).toBe('fail');
    expect(transferStep(err(422, 'folder-into-itself'), docs)).toBe('fail');
    expect(transferStep({ status: 0, body: null }, docs)).toBe('fail');
  });
});

describe('a folder read-only by theme', () => {
  it('leaves reading only, to firm members and clients alike', () => {
    const firm = documentRights({ role: 'accountant', read_only: false });
    expect(withThemes(firm, true)).toEqual({ canWrite: false, canValidate: false, canPurge: true });
    expect(canChangeIn(withThemes(firm, true), false)).toBe(false);
    expect(withThemes(firm, false)).toEqual(firm);
  });
});

describe('sharing by link (documents.share)', () => {
  it('is offered to firm members and client administrators and collaborators, never guests nor read-only', () => {
    expect(canShare({ role: 'accountant', read_only: false })).toBe(true);
    expect(canShare({ role: 'admin', read_only: false })).toBe(true);
    expect(canShare({ role: 'collaborator', read_only: false })).toBe(true);
    expect(canShare({ role: 'guest', read_only: false })).toBe(false);
    expect(canShare({ role: 'accountant', read_only: true })).toBe(false);
    expect(canShare(undefined)).toBe(false);
  });
});
