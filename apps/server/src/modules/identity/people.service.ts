import type { Db } from '../../db/client';
import { hasAnyRelation } from '../tenancy/tenancy.service';
import * as repo from './identity.repository';
import * as people from './people.repository';
import type { PersonRow } from './people.sql';

/**
 * People as portals see them. A person's identity (names, civility, mobile, birth data, email,
 * password, language) is theirs: a portal writes it only for an account it created and that
 * belongs nowhere else (docs/decisions.md, "shared people"). Everything else a portal keeps
 * about a person lives on its own membership row.
 */

/** The identity fields a portal may type about a person (the API's names). */
export type PersonProfile = {
  civility?: 'Mme' | 'M.' | null;
  firstname?: string | null;
  lastname?: string | null;
  birth_city?: string | null;
  birth_date?: string | null;
  mobile_number?: string | null;
};
export const PROFILE_FIELDS = [
  'civility',
  'firstname',
  'lastname',
  'birth_city',
  'birth_date',
  'mobile_number',
] as const satisfies readonly (keyof PersonProfile)[];

/** An account as the services need it: the person's own identity and how they stand. */
export type Person = {
  id: number;
  email: string;
  hasPassword: boolean;
  isSuperAdmin: boolean;
  profile: Required<PersonProfile>;
};

/** A person from a row read with identity's `personColumns` (people.sql.ts). */
export const toPerson = (u: PersonRow): Person => ({
  id: u.id,
  email: u.email,
  hasPassword: u.hasPassword,
  isSuperAdmin: u.isSuperAdmin,
  profile: {
    civility: u.civility,
    firstname: u.firstname,
    lastname: u.lastname,
    birth_city: u.birthCity,
    birth_date: u.birthDate,
    mobile_number: u.mobileNumber,
  },
});

/** The fields of `input` that are identity fields and were given (undefined is "not given"). */
export function profileOf(input: PersonProfile): PersonProfile {
  const out: PersonProfile = {};
  for (const field of PROFILE_FIELDS) {
    if (input[field] !== undefined) Object.assign(out, { [field]: input[field] ?? null });
  }
  return out;
}

/** The people of these ids, by id. */
export async function findPeople(db: Db, ids: number[]): Promise<Map<number, Person>> {
  const rows = await people.findUsersByIds(db, ids);
  return new Map(rows.map((u) => [u.id, toPerson(u)]));
}

export async function findPerson(db: Db, id: number): Promise<Person | undefined> {
  return (await findPeople(db, [id])).get(id);
}

/**
 * The account of an email (single sign-on matches a provider's verified email). An account
 * without a password has not accepted its invitation yet (creating the password from the mailed
 * link accepts it, with the firm's terms): single sign-on does not skip that step.
 */
export async function findUserIdByEmail(db: Db, email: string): Promise<number | undefined> {
  const user = await repo.findUserByEmail(db, email);
  return user?.passwordHash ? user.id : undefined;
}

/**
 * How a portal adds the person of `input.email`, inside its transaction:
 * - a new email: the account is created with what the portal typed, and the portal owns its
 *   identity until the person belongs elsewhere too (`owned`, mail `create-password`, as before);
 * - an account nobody reaches any more (no password, no membership anywhere, not super admin):
 *   the same, its identity replaced by what the portal typed;
 * - any other account is the person's own: nothing of it is read or written, the portal's
 *   membership stays pending until the person accepts the mailed invitation (mail `join`).
 */
export async function claimPerson(
  tx: Db,
  input: { email: string } & PersonProfile,
): Promise<{ userId: number; owned: boolean; mail: 'create-password' | 'join' }> {
  const typed = profileOf(input);
  const existing = await repo.findUserByEmail(tx, input.email);
  if (!existing) {
    const user = await repo.insertUser(tx, { email: input.email, ...toColumns(typed) });
    return { userId: user.id, owned: true, mail: 'create-password' };
  }
  const orphan = !existing.passwordHash && !existing.isSuperAdmin && !(await hasAnyRelation(tx, existing.id));
  if (orphan) {
    await repo.updateUser(tx, existing.id, toColumns({ ...EMPTY_PROFILE, ...typed }));
    return { userId: existing.id, owned: true, mail: 'create-password' };
  }
  return { userId: existing.id, owned: false, mail: 'join' };
}

const EMPTY_PROFILE: Required<PersonProfile> = {
  civility: null,
  firstname: null,
  lastname: null,
  birth_city: null,
  birth_date: null,
  mobile_number: null,
};

function toColumns(profile: PersonProfile) {
  const columns: Partial<PersonRow> = {};
  if (profile.civility !== undefined) columns.civility = profile.civility;
  if (profile.firstname !== undefined) columns.firstname = profile.firstname;
  if (profile.lastname !== undefined) columns.lastname = profile.lastname;
  if (profile.birth_city !== undefined) columns.birthCity = profile.birth_city;
  if (profile.birth_date !== undefined) columns.birthDate = profile.birth_date;
  if (profile.mobile_number !== undefined) columns.mobileNumber = profile.mobile_number;
  return columns;
}

/**
 * Writes identity fields of an account a portal owns (the caller checked it does), inside the
 * caller's transaction.
 */
export async function updateOwnedProfile(tx: Db, userId: number, profile: PersonProfile): Promise<void> {
  const columns = toColumns(profile);
  if (Object.keys(columns).length) await repo.updateUser(tx, userId, columns);
}

/** The identity fields of `profile` whose value differs from the person's. */
export function changedProfile(person: Person, profile: PersonProfile): PersonProfile {
  const out: PersonProfile = {};
  for (const field of PROFILE_FIELDS) {
    const value = profile[field];
    if (value !== undefined && (value ?? null) !== person.profile[field])
      Object.assign(out, { [field]: value });
  }
  return out;
}

/**
 * Deletes an account nobody ever used once its last invitation is withdrawn (no password, not
 * super admin, no place left anywhere), inside the caller's transaction; an account in use is
 * never touched. Whether one was deleted.
 */
export async function dropUnclaimedAccount(tx: Db, userId: number): Promise<boolean> {
  const user = await repo.findUserById(tx, userId);
  if (!user || user.passwordHash || user.isSuperAdmin || (await hasAnyRelation(tx, userId))) return false;
  await repo.deleteUser(tx, userId);
  return true;
}
