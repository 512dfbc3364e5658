import { z } from 'zod';
import { idField, idParam } from '../rules/ids';
import { extensionOf, FORBIDDEN_NAME_CHARS, fitFileName } from './names';

/**
 * Quick-drop folders (issue 28, `vendors/{id}/quickfolders`): named drop targets of a client file
 * bound to one of its folders. A file dropped on one is filed there, renamed by the pattern, with
 * the period and themes of the quick-drop, in the filing's transaction.
 */

/** The rename pattern's tokens (docs/decisions.md, "Quick-drop folders"). */
export const QUICKFOLDER_TOKENS = [
  'name',
  'date',
  'year',
  'month',
  'day',
  'client_code',
  'company',
  'quickfolder',
] as const;
export type QuickfolderToken = (typeof QUICKFOLDER_TOKENS)[number];
export const QUICKFOLDER_PATTERN_MAX = 200;
/** Largest file a drop takes in one request (larger files: the documents page's resumable upload). */
export const QUICKFOLDER_DROP_MAX_BYTES = 200 * 1024 * 1024;

const TOKEN = /\{([a-z_]+)\}/g;

/** Whether a pattern only uses known tokens and its text outside them is allowed in a name. */
export function validRenamePattern(pattern: string): boolean {
  for (const m of pattern.matchAll(TOKEN))
    if (!(QUICKFOLDER_TOKENS as readonly string[]).includes(m[1]!)) return false;
  const literal = pattern.replace(TOKEN, '');
  return !/[{}]/.test(literal) && !FORBIDDEN_NAME_CHARS.test(literal);
}

export type RenameValues = Record<Exclude<QuickfolderToken, 'name' | 'year' | 'month' | 'day'>, string>;

/**
 * The name a dropped file gets: the pattern's tokens replaced (forbidden characters of a value
 * become "-"), then the original extension; an empty pattern or result keeps the original name.
 * Shortened like any uploaded name (`fitFileName`). Shared by the server and the manager's preview.
 */
export function renameByPattern(pattern: string, original: string, values: RenameValues): string {
  const dot = original.lastIndexOf('.');
  // The extension as the file has it (its case kept).
  const ext = extensionOf(original) ? original.slice(dot + 1) : '';
  const base = ext ? original.slice(0, dot) : original;
  const [year, month, day] = values.date.split('-') as [string, string, string];
  const all: Record<QuickfolderToken, string> = { ...values, name: base, year, month, day };
  const clean = (v: string) => v.replace(new RegExp(FORBIDDEN_NAME_CHARS.source, 'g'), '-');
  const stem = pattern.replace(TOKEN, (_m, t: string) => clean(all[t as QuickfolderToken] ?? '')).trim();
  if (!stem) return original;
  const fitted = fitFileName(ext ? `${stem}.${ext}` : stem);
  return 'name' in fitted ? fitted.name : original;
}

export const quickfolderPeriodModeSchema = z.enum(['none', 'drop_date', 'fixed'], { error: 'invalid-value' });
export type QuickfolderPeriodMode = z.infer<typeof quickfolderPeriodModeSchema>;

const name = () =>
  z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(100, { error: 'too-long' })
    .refine((s) => !FORBIDDEN_NAME_CHARS.test(s), { error: 'invalid-name' });
const pattern = () =>
  z
    .string({ error: 'invalid-value' })
    .trim()
    .max(QUICKFOLDER_PATTERN_MAX, { error: 'too-long' })
    .refine(validRenamePattern, { error: 'invalid-value' });
const themeIds = () => z.array(idField('theme'), { error: 'invalid-value' }).max(20, { error: 'too-long' });

const fields = {
  name: name(),
  /** The folder filed into (one quick-drop per folder: 422 `quickfolder-folder-already-used`). */
  folder_id: idField('folder'),
  rename_pattern: pattern().optional(),
  period_mode: quickfolderPeriodModeSchema.optional(),
  /** The period of `fixed` (required then). */
  accounting_period_id: idField('accounting_period').nullable().optional(),
  theme_ids: themeIds().optional(),
};

const fixedNeedsPeriod = (b: { period_mode?: QuickfolderPeriodMode; accounting_period_id?: number | null }) =>
  b.period_mode !== 'fixed' || typeof b.accounting_period_id === 'number';

export const createQuickfolderSchema = z
  .object(fields)
  .strict()
  .refine(fixedNeedsPeriod, { error: 'required', path: ['accounting_period_id'] })
  .meta({
    example: {
      name: 'Receipts',
      folder_id: 1,
      rename_pattern: '{date} {client_code} {name}',
      period_mode: 'drop_date',
      theme_ids: [],
    },
  });
export type CreateQuickfolder = z.infer<typeof createQuickfolderSchema>;

export const updateQuickfolderSchema = z
  .object({ ...fields, name: name().optional(), folder_id: idField('folder').optional() })
  .strict()
  .refine(fixedNeedsPeriod, { error: 'required', path: ['accounting_period_id'] })
  // A tenant id (the theme) but no folder, which the probe's creation may have bound already, nor
  // period, which the probe's drop would then fill with a document before deleting it.
  .meta({ example: { name: 'Receipts', rename_pattern: '{date} {name}', theme_ids: [1] } });
export type UpdateQuickfolder = z.infer<typeof updateQuickfolderSchema>;

export const quickfolderParamsSchema = z.object({
  id: idParam('vendor'),
  quickfolder_id: idParam('quickfolder'),
});

export const quickfolderSchema = z.object({
  id: z.number().int(),
  vendor_id: z.number().int(),
  /** The client file's name (the manager lists the firm's quick-drops). */
  vendor_name: z.string(),
  name: z.string(),
  folder_id: z.number().int(),
  /** The folder's name; null when it is gone for good. */
  folder_name: z.string().nullable(),
  rename_pattern: z.string(),
  period_mode: quickfolderPeriodModeSchema,
  accounting_period_id: z.number().int().nullable(),
  theme_ids: z.array(z.number().int()),
  /** Its folder is in the trash or gone: disabled until restored or rebound ("needs a folder"). */
  needs_folder: z.boolean(),
  created_at: z.string(),
});
export type QuickfolderDto = z.infer<typeof quickfolderSchema>;

/** The drop: one file part `file` (multipart), filed in the quick-drop's folder. */
export const quickfolderDropRequestSchema = z
  .object({ file: z.string().meta({ type: 'string', format: 'binary' }) })
  .meta({ example: { file: 'receipt bytes' } });

export const quickfolderDropSchema = z.object({
  document_id: z.number().int(),
  vendor_id: z.number().int(),
  folder_id: z.number().int(),
  /** The name it was filed under (the pattern's, made free: "name (2)" on a clash). */
  name: z.string(),
  original_name: z.string(),
  accounting_period_id: z.number().int().nullable(),
  start_date: z.string().nullable(),
  theme_ids: z.array(z.number().int()),
});
export type QuickfolderDrop = z.infer<typeof quickfolderDropSchema>;
