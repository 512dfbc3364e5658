import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './identity';
import { accountingFirms } from './platform';

/** OpenID Connect providers of a portal; the client secret is AES-256-GCM under SSO_SECRET_KEY. */
export const identityProviders = pgTable(
  'identity_providers',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id')
      .notNull()
      .references(() => accountingFirms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretSealed: text('client_secret_sealed').notNull(),
    buttonLabel: text('button_label').notNull(),
    /** Set by the portal's administrators: the provider asks a second factor, so no TOTP follows. */
    carriesSecondFactor: boolean('carries_second_factor').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('identity_providers_firm_id_key').on(t.accountingFirmId, t.id),
    uniqueIndex('identity_providers_firm_name_key').on(t.accountingFirmId, sql`lower(${t.name})`),
  ],
);

/**
 * One sign-in attempt through a provider, bound to the browser by the `portal_sso` cookie (its
 * sha256 here). The callback records who signed in; the web app then takes the session once.
 */
export const ssoAttempts = pgTable(
  'sso_attempts',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    providerId: integer('provider_id').notNull(),
    browserHash: text('browser_hash').notNull(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirect: text('redirect'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    calledBackAt: timestamp('called_back_at', { withTimezone: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    handedAt: timestamp('handed_at', { withTimezone: true }),
  },
  (t) => [
    unique('sso_attempts_firm_id_key').on(t.accountingFirmId, t.id),
    foreignKey({
      name: 'sso_attempts_provider_fk',
      columns: [t.accountingFirmId, t.providerId],
      foreignColumns: [identityProviders.accountingFirmId, identityProviders.id],
    }).onDelete('cascade'),
    uniqueIndex('sso_attempts_browser_key').on(t.browserHash),
    index('sso_attempts_expires_idx').on(t.expiresAt),
  ],
);
