import { z } from 'zod';

/**
 * Storage rules of a portal (issue 23): its quota and usage, how long the trash keeps items, how
 * many versions a document keeps, and the legal holds that stop every removal in a client file.
 */

/** Uploads one person may have under way at once, in a portal. */
export const MAX_OPEN_UPLOADS_PER_USER = 20;
/** Largest number a quota may be (JavaScript's safe integers). */
const MAX_BYTES = Number.MAX_SAFE_INTEGER;

const bytes = () =>
  z
    .number({ error: 'invalid-value' })
    .int({ error: 'invalid-value' })
    .min(0, { error: 'out-of-range' })
    .max(MAX_BYTES, { error: 'out-of-range' });

export const storageUsageSchema = z.object({
  /** The blobs the portal's versions reference, live and in the trash (each counted once). */
  stored_bytes: z.number().int(),
  /** The declared sizes of the uploads under way. */
  reserved_bytes: z.number().int(),
  /** stored + reserved: what the quota is compared with. */
  used_bytes: z.number().int(),
  /** null: unlimited. */
  quota_bytes: z.number().int().nullable(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;

/** The firm's storage settings (firm administrators), with its usage. */
export const storageSettingsSchema = z.object({
  /** Days the trash keeps an item before the retention job deletes it; 0: for ever. */
  trash_retention_days: z.number().int(),
  /** Versions a document keeps (older, unvalidated ones are removed); null: all. */
  version_retention: z.number().int().nullable(),
  usage: storageUsageSchema,
});
export type StorageSettings = z.infer<typeof storageSettingsSchema>;

export const updateStorageSettingsSchema = z
  .object({
    trash_retention_days: z
      .number({ error: 'invalid-value' })
      .int({ error: 'invalid-value' })
      .min(0, { error: 'out-of-range' })
      .max(3650, { error: 'out-of-range' }),
    version_retention: z
      .number({ error: 'invalid-value' })
      .int({ error: 'invalid-value' })
      .min(1, { error: 'out-of-range' })
      .max(1000, { error: 'out-of-range' })
      .nullable(),
  })
  .partial()
  .strict()
  // The probe sends it to every portal: the defaults, which change nothing.
  .meta({ example: { trash_retention_days: 30, version_retention: null } });
export type UpdateStorageSettings = z.infer<typeof updateStorageSettingsSchema>;

/** A portal's storage as the super admin sets it. */
export const platformStorageSchema = z.object({
  quota_bytes: z.number().int().nullable(),
  /** Bytes one person's uploads under way may reserve. */
  user_reserved_bytes: z.number().int(),
  usage: storageUsageSchema,
});
export type PlatformStorage = z.infer<typeof platformStorageSchema>;

export const updatePlatformStorageSchema = z
  .object({
    quota_bytes: bytes().nullable(),
    user_reserved_bytes: bytes().min(1, { error: 'out-of-range' }),
  })
  .partial()
  .strict()
  .meta({ example: { quota_bytes: null } });
export type UpdatePlatformStorage = z.infer<typeof updatePlatformStorageSchema>;

const personSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();

/** A client file's legal hold: whether it is on, and who set it, when. */
export const legalHoldSchema = z.object({
  held: z.boolean(),
  set_at: z.string().nullable(),
  set_by: personSchema,
});
export type LegalHold = z.infer<typeof legalHoldSchema>;
