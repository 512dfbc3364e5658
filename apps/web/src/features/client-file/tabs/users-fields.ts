import type { VendorUser } from '@portal/contracts';
import type { FieldDef } from '../../../components/form/field-defs';

/** The person's identity: this client file edits it only for someone it alone knows. */
const IDENTITY_FIELDS = new Set([
  'civility',
  'firstname',
  'lastname',
  'mobile_number',
  'birth_city',
  'birth_date',
]);
/** Their place in this client file: nobody edits their own. */
const RIGHTS_FIELDS = new Set(['role', 'revoked_at']);

const PROFILE_FIELDS: readonly FieldDef[] = [
  { name: 'civility', kind: 'select', options: ['Mme', 'M.'], rawOptions: true, width: 4 },
  { name: 'firstname', required: true, width: 4 },
  { name: 'lastname', required: true, width: 4 },
  { name: 'role', kind: 'select', options: ['admin', 'collaborator', 'guest'], required: true },
  { name: 'job' },
  { name: 'mobile_number' },
  { name: 'birth_city' },
  { name: 'birth_date', kind: 'date' },
  { name: 'revoked_at', kind: 'date' },
];
export const CREATE_FIELDS: readonly FieldDef[] = [
  { name: 'email', kind: 'email', required: true, width: 12 },
  ...PROFILE_FIELDS,
];

/**
 * The edit form of one user: no identity fields for a person who also belongs elsewhere (theirs
 * to change, in their profile), no role nor end of access for oneself.
 */
export function editFieldsFor(u: Pick<VendorUser, 'id' | 'profile_editable'>, meId: number | null) {
  return PROFILE_FIELDS.filter(
    (f) =>
      !(IDENTITY_FIELDS.has(f.name) && !u.profile_editable) && !(RIGHTS_FIELDS.has(f.name) && u.id === meId),
  );
}
