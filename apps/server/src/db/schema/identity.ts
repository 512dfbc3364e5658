import { boolean, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { accountingFirms } from './platform';

/** A person who signs in. Global (not tenant-keyed): one email, one account, many memberships. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** Stored lower-case; unique on the whole platform. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash'),
  firstname: text('firstname'),
  lastname: text('lastname'),
  title: text('title'),
  civility: text('civility', { enum: ['Mme', 'M.'] }),
  darkMode: boolean('dark_mode'),
  locale: text('locale', { enum: ['fr', 'en', 'pt'] }),
  mobileNumber: text('mobile_number'),
  address: text('address'),
  postCode: text('post_code'),
  city: text('city'),
  country: text('country'),
  birthDate: date('birth_date', { mode: 'string' }),
  birthCity: text('birth_city'),
  isSuperAdmin: boolean('is_super_admin').notNull().default(false),
  /** TOTP secret sealed with TOTP_ENCRYPTION_KEY; set at enrolment, in force once `totp_enabled_at` is. */
  totpSecret: text('totp_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  /** The last 30-second step whose code was accepted: a code of that step or before is refused. */
  totpLastStep: integer('totp_last_step'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A signed-in session: opaque tokens stored as sha256 hashes. A refresh rotates the row (the old
 * one gets `replaced_at`); presenting a replaced refresh token revokes the whole family, except
 * within a short grace where it answers the same new pair again (two tabs refreshing at once):
 * `replacement_sealed` holds that pair encrypted with a key derived from the old refresh token,
 * which the database does not have.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    accessTokenHash: text('access_token_hash').notNull().unique(),
    refreshTokenHash: text('refresh_token_hash').notNull().unique(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    replacementSealed: text('replacement_sealed'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /**
     * The portal a session opened through that portal's own means (its identity provider, its
     * sign-in link) is bound to: it reaches nothing else (docs/decisions.md, "Sessions born of a
     * portal's SSO"). Null: a session of the account, every portal it belongs to.
     */
    boundFirmId: integer('bound_firm_id').references(() => accountingFirms.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_family_idx').on(t.familyId)],
);

/** One-use links: password reset, invitation (create password) and sign-in link (`magic`). */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'invite', 'magic'] }).notNull(),
    accountingFirmId: integer('accounting_firm_id').references(() => accountingFirms.id, {
      onDelete: 'cascade',
    }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_tokens_user_idx').on(t.userId)],
);

/**
 * An invitation to join a firm's team (`vendor_id` null) or a client file, sent to an account
 * that already existed: the membership it names stays pending until the person accepts it with
 * the mailed link (one use).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountingFirmId: integer('accounting_firm_id')
      .notNull()
      .references(() => accountingFirms.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id'),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_user_idx').on(t.userId)],
);

/** Sign-in failures per bucket (`email:...`, `ip:...`) when Redis is not configured. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: serial('id').primaryKey(),
    bucket: text('bucket').notNull(),
    hitAt: timestamp('hit_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_bucket_idx').on(t.bucket, t.hitAt)],
);

/** Single-use recovery codes of a person's second factor (sha256: they are random, 50 bits). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * The step between the password (or a magic link) and the session: the `mfa_token` answered by
 * the sign-in, good for a few minutes and one session. `enrol`: the person must first enrol.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'enrol'] }).notNull(),
    /** The portal the session it opens is bound to (a sign-in through that portal's SSO). */
    boundFirmId: integer('bound_firm_id').references(() => accountingFirms.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_challenges_user_idx').on(t.userId)],
);
