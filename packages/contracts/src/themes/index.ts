import { z } from 'zod';
import { idParam } from '../rules/ids';
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

export const themeParamsSchema = z.object({
  id: idParam('accounting_firm'),
  theme_id: idParam('theme'),
});
