import { z } from 'zod';
import { idParam } from '../rules/ids';
import { password, withConfirmation } from '../rules/password';
import { requiredText } from '../rules/text';

/** Characters the network-drive clients mangle in Basic credentials: refused (spec, section 5). */
export const FILE_SHARE_FORBIDDEN_CHARACTERS = ['€', '§', '¤', '£', '°'] as const;
/** How many file-share passwords one person may keep. */
export const FILE_SHARE_PASSWORDS_MAX = 20;

export const fileSharePassword = () =>
  password().refine((s) => !FILE_SHARE_FORBIDDEN_CHARACTERS.some((c) => s.includes(c)), {
    error: 'file-share-password-forbidden-character',
  });

/** `PUT /api/users/me/file-share-password`: sets the password of a label (new, or replaced). */
export const fileSharePasswordRequestSchema = withConfirmation(
  z.object({
    label: requiredText(100),
    password: fileSharePassword(),
    password_confirmation: z.string({ error: 'required' }).max(200, { error: 'too-long' }),
  }),
).meta({
  example: { label: 'Office PC', password: 'Dav-portal-2026', password_confirmation: 'Dav-portal-2026' },
});
export type FileSharePasswordRequest = z.infer<typeof fileSharePasswordRequestSchema>;

/** A file-share password as its owner sees it (never the password). */
export const fileSharePasswordSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type FileSharePassword = z.infer<typeof fileSharePasswordSchema>;

export const fileSharePasswordIdParamsSchema = z.object({ id: idParam('file_share_password') });
