import { z } from 'zod';
import { idParam } from '../rules/ids';
import { text } from '../rules/text';

/**
 * The audit log (issue 31 part 2): one row per act, per portal and client file, append-only and
 * hash-chained. Read by firm administrators (the portal's) and assigned collaborators (their
 * client files'), newest first with a keyset cursor (docs/decisions.md).
 */

/** The actions recorded so far, by family (the part before the dot). */
export const AUDIT_ACTIONS = [
  'document.viewed',
  'document.downloaded',
  'archive.downloaded',
  'document.created',
  'document.version_added',
  'document.renamed',
  'document.moved',
  'document.copied',
  'document.deleted',
  'document.restored',
  'folder.created',
  'folder.renamed',
  'folder.moved',
  'folder.deleted',
  'folder.restored',
  'member.rights_changed',
  'vendor.updated',
  'user.signed_in',
  'user.sign_in_failed',
  'audit.exported',
  'audit.settings_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_FAMILIES = ['document', 'archive', 'folder', 'member', 'vendor', 'user', 'audit'] as const;
export type AuditFamily = (typeof AUDIT_FAMILIES)[number];

export const AUDIT_ACTOR_KINDS = ['user', 'system', 'share_link', 'webdav'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** Bounds of a portal's retention, in days, and the longest page. */
export const AUDIT_RETENTION_MIN_DAYS = 90;
export const AUDIT_RETENTION_MAX_DAYS = 3650;
export const AUDIT_PAGE_MAX = 100;
export const AUDIT_PAGE_DEFAULT = 50;
/** The most rows one CSV export writes. */
export const AUDIT_EXPORT_MAX_ROWS = 1_000_000;

/** A bracketed array query parameter (`actions[]=a&actions[]=b`): one value or several. */
const queryArray = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).max(50)).optional();

const instant = () =>
  z.iso.datetime({ offset: true, error: 'invalid-date' }).or(z.iso.date({ error: 'invalid-date' }));

/** The filters of the lists and of the export (the client file's routes ignore `vendor_id`). */
export const auditFiltersSchema = z
  .object({
    /** A client file of the portal (another, or none: 422). */
    vendor_id: idParam('vendor').optional(),
    /** A person the portal's log names (another: 422). */
    actor_id: idParam('user').optional(),
    'actions[]': queryArray(z.enum(AUDIT_ACTIONS, { error: 'invalid-value' })),
    family: z.enum(AUDIT_FAMILIES, { error: 'invalid-value' }).optional(),
    subject_type: text(40).optional(),
    subject_id: text(40).optional(),
    /** From this instant (an ISO date: its start, UTC). */
    from: instant().optional(),
    /** Up to this instant (an ISO date: its whole day, UTC). */
    to: instant().optional(),
    ip: z.union([z.ipv4({ error: 'invalid-value' }), z.ipv6({ error: 'invalid-value' })]).optional(),
  })
  .strict();
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

export const auditEventsQuerySchema = auditFiltersSchema
  .extend({
    cursor: text(200).optional(),
    per_page: z.coerce
      .number({ error: 'invalid-value' })
      .int({ error: 'invalid-value' })
      .min(1, { error: 'out-of-range' })
      .max(AUDIT_PAGE_MAX, { error: 'out-of-range' })
      .default(AUDIT_PAGE_DEFAULT),
  })
  .strict();
export type AuditEventsQuery = z.infer<typeof auditEventsQuerySchema>;

const personSchema = z.object({ id: z.number().int(), fullname: z.string(), email: z.string() });

export const auditEventSchema = z.object({
  id: z.number().int(),
  occurred_at: z.string(),
  accounting_firm_id: z.number().int(),
  vendor_id: z.number().int().nullable(),
  /** The client file's name, when any. */
  vendor_name: z.string().nullable(),
  actor: personSchema.nullable(),
  actor_kind: z.enum(AUDIT_ACTOR_KINDS),
  impersonator: personSchema.nullable(),
  action: z.string(),
  subject: z.object({ type: z.string().nullable(), id: z.string().nullable(), name: z.string().nullable() }),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditEventListSchema = z.object({
  data: z.array(auditEventSchema),
  /** The next page's `cursor`; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type AuditEventList = z.infer<typeof auditEventListSchema>;

/** `GET .../audit-events/verify`: the portal's chain recomputed. */
export const auditVerificationSchema = z.object({
  valid: z.boolean(),
  checked: z.number().int(),
  /** The first row whose hash or link does not hold. */
  first_broken_id: z.number().int().nullable(),
});
export type AuditVerification = z.infer<typeof auditVerificationSchema>;

export const auditSettingsSchema = z.object({
  retention_days: z.number().int(),
  /** Whether the portal chose it (else the platform's default). */
  custom: z.boolean(),
});
export type AuditSettings = z.infer<typeof auditSettingsSchema>;

export const updateAuditSettingsSchema = z
  .object({
    retention_days: z
      .number({ error: 'invalid-value' })
      .int({ error: 'invalid-value' })
      .min(AUDIT_RETENTION_MIN_DAYS, { error: 'out-of-range' })
      .max(AUDIT_RETENTION_MAX_DAYS, { error: 'out-of-range' }),
  })
  .strict()
  .meta({ example: { retention_days: 365 } });
export type UpdateAuditSettings = z.infer<typeof updateAuditSettingsSchema>;

/** `POST .../audit-events/export/links`: the same filters, as a body. */
export const auditExportLinkRequestSchema = auditFiltersSchema.meta({
  example: { vendor_id: 1, family: 'document' },
});
export type AuditExportLinkRequest = z.infer<typeof auditExportLinkRequestSchema>;

export const auditExportLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
export type AuditExportLink = z.infer<typeof auditExportLinkSchema>;

export const auditExportParamsSchema = z.object({ id: idParam('accounting_firm') });

/** The family of an action (`document.viewed` → `document`). */
export const auditFamilyOf = (action: string): string => action.split('.')[0] ?? action;
