import { describe, expect, it } from 'vitest';
import { documentRights, isProtected, transferStep } from './rights';

describe('document rights', () => {
  it('lets firm members validate, client admins and collaborators write, guests and read-only read', () => {
    expect(documentRights({ role: 'accountant', read_only: false })).toEqual({
      canWrite: true,
      canValidate: true,
    });
    expect(documentRights({ role: 'admin', read_only: false })).toEqual({
      canWrite: true,
      canValidate: false,
    });
    expect(documentRights({ role: 'collaborator', read_only: false })).toEqual({
      canWrite: true,
      canValidate: false,
    });
    expect(documentRights({ role: 'guest', read_only: false })).toEqual({
      canWrite: false,
      canValidate: false,
    });
    expect(documentRights({ role: 'accountant', read_only: true })).toEqual({
      canWrite: false,
      canValidate: false,
    });
    expect(documentRights(undefined)).toEqual({ canWrite: false, canValidate: false });
  });

  it('protects validated documents and read-only folders', () => {
    expect(isProtected({ is_validated: true, read_only: false })).toBe(true);
    expect(isProtected({ is_validated: false, read_only: true })).toBe(true);
    expect(isProtected({ is_validated: false, read_only: false })).toBe(false);
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
