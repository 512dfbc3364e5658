import { z } from 'zod';
import { idField } from '../rules/ids';

/** The parts a client folder's name on the network drive is made of (spec §2, "Network-drive preferences"). */
export const DAV_FOLDER_PARTS = ['client_code', 'company', 'identifier'] as const;
export type DavFolderPart = (typeof DAV_FOLDER_PARTS)[number];
/** The default display format: `client code - company`. */
export const DEFAULT_DAV_FOLDER_FORMAT: DavFolderPart[] = ['client_code', 'company'];
/** Between the parts of a client folder's name. */
export const DAV_FOLDER_SEPARATOR = ' - ';
/** How many workspaces one person may choose (more than anyone belongs to). */
export const DAV_VISIBLE_FIRMS_MAX = 500;

const folderFormat = z
  .array(z.enum(DAV_FOLDER_PARTS, { error: 'invalid-value' }), { error: 'invalid-type' })
  .min(1, { error: 'required' })
  .max(DAV_FOLDER_PARTS.length, { error: 'too-many' })
  .refine((parts) => new Set(parts).size === parts.length, { error: 'dav-folder-part-twice' });

/**
 * `PUT /api/users/me/dav-preferences`: the workspaces the drive shows (`null`: all the person's
 * firms, those joined later too) and the parts of the client folders' names, in order.
 */
export const davPreferencesRequestSchema = z
  .object({
    visible_accounting_firm_ids: z
      .array(idField('accounting_firm'), { error: 'invalid-type' })
      .min(1, { error: 'required' })
      .max(DAV_VISIBLE_FIRMS_MAX, { error: 'too-many' })
      .nullable(),
    folder_format: folderFormat,
  })
  .meta({
    example: { visible_accounting_firm_ids: [1], folder_format: ['company', 'client_code'] },
  });
export type DavPreferencesRequest = z.infer<typeof davPreferencesRequestSchema>;

export const davPreferencesSchema = z.object({
  visible_accounting_firm_ids: z.array(z.number().int()).nullable(),
  folder_format: z.array(z.enum(DAV_FOLDER_PARTS)),
});
export type DavPreferences = z.infer<typeof davPreferencesSchema>;

/** A client file's name parts, as the drive and the profile's example show them. */
export type DavFolderNameSource = { client_code: string | null; company: string; siret: string | null };

/**
 * A client folder's name by a display format: the parts the client file has, joined by ` - `
 * (the company alone when it has none of them). The server then makes it safe and unique.
 */
export function davFolderName(format: readonly DavFolderPart[], vendor: DavFolderNameSource): string {
  const value = (part: DavFolderPart) =>
    (part === 'client_code'
      ? vendor.client_code
      : part === 'company'
        ? vendor.company
        : vendor.siret
    )?.trim();
  const parts = format.map(value).filter((v): v is string => Boolean(v));
  return parts.length ? parts.join(DAV_FOLDER_SEPARATOR) : vendor.company;
}
