import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './identity';
import { accountingFirms } from './platform';
import { vendors } from './tenancy';

/**
 * Something that happened and may be told (issue 31): written in the transaction of the change
 * that produced it, then fanned out to its recipients by the `notifications.fanout` job. The
 * subject's name is kept as it was, so a deleted document still reads.
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountingFirmId: integer('accounting_firm_id')
      .notNull()
      .references(() => accountingFirms.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id'),
    kind: text('kind').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
    subjectName: text('subject_name').notNull(),
    /** Who acted; null for the system (`actor_system` names it). */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorSystem: text('actor_system'),
    /** An internal task: never told to client users. */
    internal: boolean('internal').notNull().default(false),
    /** The task's members when the event happened (tasks), read by the fan-out. */
    memberIds: jsonb('member_ids').$type<number[]>().notNull().default([]),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      columns: [t.accountingFirmId, t.vendorId],
      foreignColumns: [vendors.accountingFirmId, vendors.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('notification_events_firm_created_idx').on(t.accountingFirmId, t.createdAt),
  ],
);

/** One item of a person's bell: an event told to them, read or not. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => notificationEvents.id, { onDelete: 'cascade' }),
    recipientUserId: integer('recipient_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('notifications_event_recipient_key').on(t.eventId, t.recipientUserId),
    index('notifications_recipient_idx').on(t.recipientUserId, t.id),
    index('notifications_unread_idx')
      .on(t.recipientUserId, t.accountingFirmId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** A person's choice for one kind (absent: the kind's defaults). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    inApp: boolean('in_app').notNull(),
    mail: text('mail', { enum: ['instantly', 'daily', 'weekly', 'never'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** A person's scope, digest hour and time zone (absent: assigned, 07:00, Europe/Paris). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: ['assigned', 'all', 'chosen'] })
      .notNull()
      .default('assigned'),
    digestHour: smallint('digest_hour').notNull().default(7),
    timeZone: text('time_zone').notNull().default('Europe/Paris'),
  },
  (t) => [check('notification_settings_digest_hour_check', sql`${t.digestHour} between 0 and 23`)],
);

/** The client files a person with `scope: chosen` follows. */
export const notificationScopeVendors = pgTable(
  'notification_scope_vendors',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.accountingFirmId, t.vendorId] }),
    foreignKey({
      columns: [t.accountingFirmId, t.vendorId],
      foreignColumns: [vendors.accountingFirmId, vendors.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('notification_scope_vendors_vendor_idx').on(t.accountingFirmId, t.vendorId),
  ],
);

/** A person following a folder or a document (the spec's `is_surveyed`), whatever their scope. */
export const nodeSubscriptions = pgTable(
  'node_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountingFirmId: integer('accounting_firm_id').notNull(),
    vendorId: integer('vendor_id').notNull(),
    folderId: integer('folder_id'),
    documentId: integer('document_id'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      columns: [t.accountingFirmId, t.vendorId],
      foreignColumns: [vendors.accountingFirmId, vendors.id],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    check('node_subscriptions_one_node_check', sql`(${t.folderId} is null) <> (${t.documentId} is null)`),
    unique('node_subscriptions_user_folder_key').on(t.userId, t.folderId),
    unique('node_subscriptions_user_document_key').on(t.userId, t.documentId),
    index('node_subscriptions_vendor_idx').on(t.accountingFirmId, t.vendorId),
  ],
);
