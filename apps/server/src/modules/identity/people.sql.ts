import { sql } from 'drizzle-orm';
import { users } from '../../db/schema';

/**
 * SQL fragments identity lends to other modules' read queries, so that a list showing people
 * (client users, team) reads them in its own round trip while identity keeps what a person is.
 * Never a secret: the password hash leaves as "has one".
 */
export const personColumns = {
  id: users.id,
  email: users.email,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`.as('has_password'),
  isSuperAdmin: users.isSuperAdmin,
  civility: users.civility,
  firstname: users.firstname,
  lastname: users.lastname,
  birthCity: users.birthCity,
  birthDate: users.birthDate,
  mobileNumber: users.mobileNumber,
};

/** A row read with `personColumns`. */
export type PersonRow = {
  id: number;
  email: string;
  hasPassword: boolean;
  isSuperAdmin: boolean;
  civility: 'Mme' | 'M.' | null;
  firstname: string | null;
  lastname: string | null;
  birthCity: string | null;
  birthDate: string | null;
  mobileNumber: string | null;
};
