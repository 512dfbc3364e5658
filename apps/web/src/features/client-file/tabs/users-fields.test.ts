import { describe, expect, it } from 'vitest';
import { CREATE_FIELDS, editFieldsFor } from './users-fields';

const names = (defs: readonly { name: string }[]) => defs.map((d) => d.name);

describe('the client user edit form', () => {
  it('offers the identity of a person the client file alone knows, and their rights', () => {
    expect(names(editFieldsFor({ id: 7, profile_editable: true }, 1))).toEqual(
      names(CREATE_FIELDS).filter((n) => n !== 'email'),
    );
  });

  it('leaves out the identity of a person who also belongs elsewhere', () => {
    expect(names(editFieldsFor({ id: 7, profile_editable: false }, 1))).toEqual([
      'role',
      'job',
      'revoked_at',
    ]);
  });

  it('leaves out the role and the end of access of oneself', () => {
    expect(names(editFieldsFor({ id: 1, profile_editable: true }, 1))).not.toContain('role');
    expect(names(editFieldsFor({ id: 1, profile_editable: false }, 1))).toEqual(['job']);
  });
});
