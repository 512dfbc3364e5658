import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountingFirmMemberships, accountingFirms, passwordTokens, sessions, users } from '../../db/schema';
import { preparedPerDatabase } from '../../platform/db-prepared';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * The signed-in person's profile as the API writes it (the contracts' `User`), built by
 * PostgreSQL in one prepared round trip (`prebuiltJson`): the columns it shows, never the secrets,
 * and whether they belong to a firm's team (a pending invitation makes no one an accountant).
 * `fullname` is the first and last names, else the email; the profile is complete once both names
 * have a visible character.
 */
const profileJsonQuery = preparedPerDatabase((db) =>
  db
    .select({
      json: sql<string>`json_build_object(
        'id', ${users.id}, 'email', ${users.email}, 'firstname', ${users.firstname},
        'lastname', ${users.lastname},
        'fullname', coalesce(nullif(concat_ws(' ', nullif(${users.firstname}, ''), nullif(${users.lastname}, '')), ''), ${users.email}),
        'title', ${users.title}, 'civility', ${users.civility}, 'dark_mode', ${users.darkMode},
        'locale', ${users.locale}, 'mobile_number', ${users.mobileNumber}, 'address', ${users.address},
        'post_code', ${users.postCode}, 'city', ${users.city}, 'country', ${users.country},
        'birth_date', ${users.birthDate}, 'birth_city', ${users.birthCity},
        'is_super_admin', ${users.isSuperAdmin} and not ${sql.placeholder('bound')}::boolean,
        'is_accountant', exists (select 1 from ${accountingFirmMemberships}
          where ${accountingFirmMemberships.userId} = ${users.id} and not ${accountingFirmMemberships.pending}),
        'profile_complete', coalesce(${users.firstname} ~ '\\S' and ${users.lastname} ~ '\\S', false))::text`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('profile_json_of_user'),
);

/**
 * The person's profile as the API's JSON, or undefined when the account is gone. `bound`: seen
 * from a session bound to one portal, which carries no super admin power (and so shows none).
 */
export async function profileJson(db: Db, id: number, bound: boolean): Promise<string | undefined> {
  const [row] = await profileJsonQuery(db).execute({ id, bound });
  return row?.json;
}

export async function isFirmMember(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(accountingFirmMemberships)
    // A pending invitation makes no one an accountant.
    .where(and(eq(accountingFirmMemberships.userId, userId), eq(accountingFirmMemberships.pending, false)))
    .limit(1);
  return Boolean(row);
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

export async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function insertPasswordToken(db: Db, values: typeof passwordTokens.$inferInsert) {
  await db.insert(passwordTokens).values(values);
}

type TokenPurpose = (typeof passwordTokens.$inferSelect)['purpose'];

/** A usable (unused, unexpired) token of one of these purposes, with its user. */
export async function findUsableToken(
  db: Db,
  tokenHash: string,
  purposes: TokenPurpose[] = ['reset', 'invite'],
) {
  const [row] = await db
    .select({ token: passwordTokens, user: users })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(
      and(
        eq(passwordTokens.tokenHash, tokenHash),
        inArray(passwordTokens.purpose, purposes),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Spends every outstanding link of a user (reset or invitation): a new password makes the links
 * mailed before it worthless.
 */
export async function cancelPasswordTokens(db: Db, userId: number): Promise<void> {
  await db
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
}

/** Marks a usable token used; false when it was spent (or expired) meanwhile. */
export async function spendToken(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(passwordTokens.id, id), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, new Date())),
    )
    .returning({ id: passwordTokens.id });
  return rows.length === 1;
}

export async function firmName(db: Db, accountingFirmId: number | null): Promise<string | undefined> {
  if (accountingFirmId === null) return undefined;
  const [row] = await db
    .select({ name: accountingFirms.name })
    .from(accountingFirms)
    .where(eq(accountingFirms.id, accountingFirmId))
    .limit(1);
  return row?.name;
}

/** Whether the user opened a session from this address since `since` (a known address). */
export async function signedInFrom(db: Db, userId: number, ip: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip), gt(sessions.createdAt, since)))
    .limit(1);
  return Boolean(row);
}
