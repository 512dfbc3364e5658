import { z } from 'zod';
import { idField, idParam, queryBoolean } from '../rules/ids';
import { colour, optionalText, requiredText } from '../rules/text';

/**
 * A firm's themes (spec section 3): the access-rights themes its documents, client files and
 * people are tagged with. Who may see what by theme is decided elsewhere (next step).
 */
export const THEME_SHARINGS = ['default', 'private_firm', 'private_company', 'shared'] as const;
export const THEME_RIGHTS = ['read_only', 'read_write'] as const;
/** The colour a theme gets when none is given. */
export const DEFAULT_THEME_COLOUR = '#607d8b';

export const themeSharingSchema = z.enum(THEME_SHARINGS);
export const themeRightsSchema = z.enum(THEME_RIGHTS);
export type ThemeSharing = z.infer<typeof themeSharingSchema>;
export type ThemeRights = z.infer<typeof themeRightsSchema>;

export const themeSchema = z.object({
  id: z.number().int(),
  accounting_firm_id: z.number().int(),
  title: z.string(),
  abbreviation: z.string().nullable(),
  colour: z.string(),
  sharing: themeSharingSchema,
  rights: themeRightsSchema,
  /** How many tasks carry it (a deletion removes it from them). */
  task_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Theme = z.infer<typeof themeSchema>;

/** A theme as a task shows it. */
export const taskThemeSchema = z.object({ id: z.number().int(), title: z.string(), colour: z.string() });
export type TaskTheme = z.infer<typeof taskThemeSchema>;

const themeFields = {
  /** Unique in the firm (case-insensitive). */
  title: requiredText(100),
  /** Optional; unique in the firm when given (case-insensitive). Empty means none. */
  abbreviation: optionalText(10),
  colour: colour(),
  sharing: themeSharingSchema,
  rights: themeRightsSchema,
};

export const createThemeRequestSchema = z
  .object({
    ...themeFields,
    colour: themeFields.colour.optional(),
    sharing: themeFields.sharing.optional(),
    rights: themeFields.rights.optional(),
  })
  .strict()
  .meta({
    example: {
      title: 'Social',
      abbreviation: 'SOC',
      colour: '#8e24aa',
      sharing: 'private_firm',
      rights: 'read_only',
    },
  });
export type CreateThemeRequest = z.infer<typeof createThemeRequestSchema>;

export const updateThemeRequestSchema = z
  .object(themeFields)
  .partial()
  .strict()
  .meta({ example: { title: 'Paie et social', colour: '#6a1b9a', rights: 'read_write' } });
export type UpdateThemeRequest = z.infer<typeof updateThemeRequestSchema>;

/** A theme as a folder shows it. */
export const folderThemeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  colour: z.string(),
  rights: themeRightsSchema,
});
export type FolderTheme = z.infer<typeof folderThemeSchema>;

/** `PUT /vendors/{id}/folders/{folder_id}/themes`: the folder's own themes (none: it inherits). */
export const setFolderThemesRequestSchema = z
  .object({ theme_ids: z.array(idField('theme')).max(50) })
  .strict()
  .meta({ example: { theme_ids: [1] } });
export type SetFolderThemesRequest = z.infer<typeof setFolderThemesRequestSchema>;

/** A folder's themes: its own, and the effective ones (its own, else its nearest tagged ancestor's). */
export const folderThemesSchema = z.object({
  folder_id: z.number().int(),
  themes: z.array(folderThemeSchema),
  effective_themes: z.array(folderThemeSchema),
});
export type FolderThemes = z.infer<typeof folderThemesSchema>;

/** `GET|PUT /vendors/{id}/themes`: the themes a client file's folders and users may carry. */
export const vendorThemesSchema = z.object({
  /** Every theme of the firm (the default); else `theme_ids` only. */
  all_themes: z.boolean(),
  theme_ids: z.array(z.number().int()),
  /** Per theme of the firm the client file may use: its folders tagged with it. */
  folders: z.array(z.object({ theme_id: z.number().int(), folder_ids: z.array(z.number().int()) })),
});
export type VendorThemes = z.infer<typeof vendorThemesSchema>;

export const setVendorThemesRequestSchema = z
  .object({ all_themes: z.boolean().optional(), theme_ids: z.array(idField('theme')).max(200).optional() })
  .strict()
  .meta({ example: { all_themes: false, theme_ids: [1, 2] } });
export type SetVendorThemesRequest = z.infer<typeof setVendorThemesRequestSchema>;

/** `DELETE /accounting-firms/{id}/themes/{theme_id}?force=true`: a theme in use is kept without it. */
export const deleteThemeQuerySchema = z.object({ force: queryBoolean().optional() });

export const themeParamsSchema = z.object({
  id: idParam('accounting_firm'),
  theme_id: idParam('theme'),
});

// Who carries which theme (issue 26, the screens) ------------------------------------------------

/** A person holding a theme: a firm member (`firm`) or a client user (`client`, of `vendor_id`). */
export const themeHolderSchema = z.object({
  user_id: z.number().int(),
  fullname: z.string(),
  side: z.enum(['firm', 'client']),
  vendor_id: z.number().int().nullable(),
  company: z.string().nullable(),
});
export type ThemeHolder = z.infer<typeof themeHolderSchema>;

/** A theme of the firm as a client file's Themes tab shows it. */
export const vendorThemeUseSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  abbreviation: z.string().nullable(),
  colour: z.string(),
  sharing: themeSharingSchema,
  rights: themeRightsSchema,
  /** The client file may give it to its folders and users. */
  allowed: z.boolean(),
  /** Its live folders tagged with it (those the caller sees). */
  folders: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The people of the client file who hold it by name (those holding every theme are apart). */
  people: z.array(themeHolderSchema),
});
export type VendorThemeUse = z.infer<typeof vendorThemeUseSchema>;

/**
 * `GET /vendors/{id}/themes/overview` (firm administrators and the client file's administrator):
 * the themes the client file may use, and per theme its folders and people. A client-side caller
 * sees neither the firm-private themes nor the firm's people.
 */
export const vendorThemeOverviewSchema = z.object({
  /** Every theme of the firm is allowed (else those with `allowed`). */
  all_themes: z.boolean(),
  themes: z.array(vendorThemeUseSchema),
  /** The people of the client file holding every theme (firm administrators are never listed). */
  everyone: z.array(themeHolderSchema),
});
export type VendorThemeOverview = z.infer<typeof vendorThemeOverviewSchema>;

/** A folder tagged with a theme, and what it would carry without it (empty: the role alone decides). */
export const themeUseFolderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  vendor_id: z.number().int(),
  company: z.string(),
  /** Its effective themes once this theme is deleted: its other own themes, else a tagged parent's. */
  themes_without: z.array(z.number().int()),
});
export type ThemeUseFolder = z.infer<typeof themeUseFolderSchema>;

/** `GET /accounting-firms/{id}/themes/usage` (firm administrators): per theme, folders and people. */
export const firmThemeUsageSchema = z.object({
  theme_id: z.number().int(),
  folders: z.array(themeUseFolderSchema),
  people: z.array(themeHolderSchema),
});
export type FirmThemeUsage = z.infer<typeof firmThemeUsageSchema>;
