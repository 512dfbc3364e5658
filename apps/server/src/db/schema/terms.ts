import { integer, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { accountingFirms } from './platform';

/** Terms of use/service: a versioned text per portal and locale. */
export const terms = pgTable(
  'terms',
  {
    id: serial('id').primaryKey(),
    accountingFirmId: integer('accounting_firm_id')
      .notNull()
      .references(() => accountingFirms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    locale: text('locale', { enum: ['fr', 'en', 'pt'] }).notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('terms_firm_id_key').on(t.accountingFirmId, t.id),
    unique('terms_firm_version_locale_key').on(t.accountingFirmId, t.version, t.locale),
  ],
);

export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    accountingFirmId: integer('accounting_firm_id')
      .notNull()
      .references(() => accountingFirms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountingFirmId, t.userId, t.version] })],
);
