import { sql } from 'drizzle-orm';
import { bigserial, check, index, inet, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { accountingFirms } from './platform';

/**
 * The audit log (issue 31 part 2): one row per act, append-only (migration 0041's triggers refuse
 * UPDATE and DELETE outside `audit_purge`), each firm's rows chained by `hash` (computed by the
 * insert trigger: sha256(prev_hash ‖ row)). No foreign key to the rows it names: they may be
 * deleted, the log stays.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id'),
    actorUserId: integer('actor_user_id'),
    actorKind: text('actor_kind', { enum: ['user', 'system', 'share_link', 'webdav'] })
      .notNull()
      .default('user'),
    impersonatorUserId: integer('impersonator_user_id'),
    action: text('action').notNull(),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    subjectName: text('subject_name'),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('audit_events_firm_time_idx').on(t.accountingFirmId, t.occurredAt.desc(), t.id.desc()),
    index('audit_events_firm_vendor_time_idx').on(t.accountingFirmId, t.vendorId, t.occurredAt.desc()),
    index('audit_events_firm_subject_idx').on(t.accountingFirmId, t.subjectType, t.subjectId),
    index('audit_events_firm_actor_time_idx').on(t.accountingFirmId, t.actorUserId, t.occurredAt.desc()),
  ],
);

/** A portal's choice of how long its audit log is kept (none: AUDIT_RETENTION_DAYS). */
export const auditSettings = pgTable(
  'audit_settings',
  {
    accountingFirmId: integer('accounting_firm_id')
      .primaryKey()
      .references(() => accountingFirms.id, { onDelete: 'cascade' }),
    retentionDays: integer('retention_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('audit_settings_retention_check', sql`${t.retentionDays} BETWEEN 90 AND 3650`)],
);

/** A one-use link to a CSV export (the browser follows it without the Authorization header). */
export const auditExportLinks = pgTable(
  'audit_export_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountingFirmId: integer('accounting_firm_id')
      .notNull()
      .references(() => accountingFirms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    filters: jsonb('filters').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('audit_export_links_expires_idx').on(t.expiresAt)],
);
