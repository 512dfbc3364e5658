import { z } from 'zod';
import { idField, idParam, pageQuery, queryBoolean } from '../rules/ids';
import {
  isMandatoryKind,
  isNotificationKind,
  NOTIFICATION_FAMILIES,
  NOTIFICATION_FREQUENCIES,
  NOTIFICATION_KIND_NAMES,
  type NotificationKind,
} from './kinds';

/** Whom a firm member follows: their assigned client files, all, or the ones they chose. */
export const NOTIFICATION_SCOPES = ['assigned', 'all', 'chosen'] as const;
export type NotificationScope = (typeof NOTIFICATION_SCOPES)[number];

export const DEFAULT_DIGEST_HOUR = 7;
export const DEFAULT_TIME_ZONE = 'Europe/Paris';
/** How many client files a person may choose to follow. */
export const NOTIFICATION_SCOPE_VENDORS_MAX = 500;

/** Whether the runtime knows this IANA time zone. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const NOTIFICATION_SUBJECT_TYPES = ['document', 'task', 'folder', 'portal', 'account'] as const;

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KIND_NAMES as [NotificationKind, ...NotificationKind[]]),
  family: z.enum(NOTIFICATION_FAMILIES),
  accounting_firm_id: z.number().int(),
  vendor_id: z.number().int().nullable(),
  /** The client file's company name, when any. */
  vendor_name: z.string().nullable(),
  actor: z.object({ id: z.number().int(), fullname: z.string() }).nullable(),
  subject: z.object({
    type: z.enum(NOTIFICATION_SUBJECT_TYPES),
    id: z.number().int(),
    name: z.string(),
  }),
  /** Where the item leads in the web app (a path), or null when its subject is gone. */
  link: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z
  .object({
    unread: queryBoolean().optional(),
    accounting_firm_id: idParam('accounting_firm').optional(),
    family: z.enum(NOTIFICATION_FAMILIES, { error: 'invalid-value' }).optional(),
    ...pageQuery(),
  })
  .strict();
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

export const unreadCountQuerySchema = z
  .object({ accounting_firm_id: idParam('accounting_firm').optional() })
  .strict();

export const unreadCountSchema = z.object({ unread: z.number().int() });

export const notificationIdParamsSchema = z.object({ id: idParam('notification') });

/** `POST /api/users/me/notifications/read`: marks every unread item read (of a portal, up to an id). */
export const markAllReadRequestSchema = z
  .object({
    accounting_firm_id: idField('accounting_firm').optional(),
    before_id: z
      .number({ error: 'invalid-id' })
      .int({ error: 'invalid-id' })
      .min(1, { error: 'invalid-id' })
      .max(Number.MAX_SAFE_INTEGER, { error: 'invalid-id' })
      .optional(),
  })
  .strict()
  .meta({ example: { accounting_firm_id: 1 } });

export const markAllReadSchema = z.object({ marked: z.number().int() });

const kindPreference = z
  .object({
    kind: z
      .string({ error: 'invalid-type' })
      .refine(isNotificationKind, { error: 'unknown-notification-kind' }),
    in_app: z.boolean({ error: 'invalid-type' }),
    mail: z.enum(NOTIFICATION_FREQUENCIES, { error: 'invalid-value' }),
  })
  .strict()
  .superRefine((p, issue) => {
    if (isNotificationKind(p.kind) && isMandatoryKind(p.kind) && !p.in_app)
      issue.addIssue({ code: 'custom', path: ['in_app'], message: 'notification-kind-mandatory' });
  });

/** `PUT /api/users/me/notification-preferences`: any subset of kinds (the others unchanged). */
export const notificationPreferencesRequestSchema = z
  .object({
    kinds: z
      .array(kindPreference, { error: 'invalid-type' })
      .max(NOTIFICATION_KIND_NAMES.length, { error: 'too-many' })
      .optional(),
    scope: z.enum(NOTIFICATION_SCOPES, { error: 'invalid-value' }).optional(),
    vendor_ids: z
      .array(idField('vendor'), { error: 'invalid-type' })
      .max(NOTIFICATION_SCOPE_VENDORS_MAX, { error: 'too-many' })
      .optional(),
    digest_hour: z
      .number({ error: 'invalid-type' })
      .int({ error: 'invalid-value' })
      .min(0, { error: 'invalid-value' })
      .max(23, { error: 'invalid-value' })
      .optional(),
    time_zone: z
      .string({ error: 'invalid-type' })
      .max(64, { error: 'too-long' })
      .refine(isTimeZone, { error: 'unknown-time-zone' })
      .optional(),
    /** Forgets every choice (the defaults again). */
    reset: z.boolean({ error: 'invalid-type' }).optional(),
  })
  .strict()
  .meta({
    example: {
      kinds: [{ kind: 'document.created', in_app: true, mail: 'daily' }],
      vendor_ids: [1],
      digest_hour: 8,
      time_zone: 'Europe/Paris',
    },
  });
export type NotificationPreferencesRequest = z.infer<typeof notificationPreferencesRequestSchema>;

export const notificationPreferencesSchema = z.object({
  kinds: z.array(
    z.object({
      kind: z.enum(NOTIFICATION_KIND_NAMES as [NotificationKind, ...NotificationKind[]]),
      family: z.enum(NOTIFICATION_FAMILIES),
      in_app: z.boolean(),
      mail: z.enum(NOTIFICATION_FREQUENCIES),
      mandatory: z.boolean(),
    }),
  ),
  scope: z.enum(NOTIFICATION_SCOPES),
  vendor_ids: z.array(z.number().int()),
  digest_hour: z.number().int(),
  time_zone: z.string(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
