import { z } from 'zod';

/**
 * `GET /api/users/me/accounting-firms/{id}/unread-documents`: for the caller, the client files of the firm
 * they read that hold documents they have not opened since their latest version (the same count
 * as the root folder's `counter`). Client files with none are left out.
 */
export const unreadDocumentsSchema = z.object({
  vendor_id: z.number().int(),
  unread: z.number().int(),
});
export type UnreadDocuments = z.infer<typeof unreadDocumentsSchema>;
