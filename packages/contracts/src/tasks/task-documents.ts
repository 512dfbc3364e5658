import { z } from 'zod';
import { idField, idParam } from '../rules/ids';

/**
 * A document linked to a task (an attachment) or to an information request's item (a file
 * answer). The file lives in the client file's documents; a document in the trash is not listed.
 */
export const taskDocumentSchema = z.object({
  /** The document's id in the client file's documents. */
  id: z.number().int(),
  vendor_id: z.number().int(),
  folder_id: z.number().int(),
  name: z.string(),
  size: z.number().int().nullable(),
  mime_type: z.string().nullable(),
  linked_at: z.string(),
  linked_by: z.number().int().nullable(),
});
export type TaskDocument = z.infer<typeof taskDocumentSchema>;

/** Links documents already in the client file's documents (uploaded first, see the upload folder). */
export const linkTaskDocumentsRequestSchema = z
  .object({ document_ids: z.array(idField('document')).min(1, { error: 'required' }).max(50) })
  .strict()
  .meta({ example: { document_ids: [12, 13] } });
export type LinkTaskDocumentsRequest = z.infer<typeof linkTaskDocumentsRequestSchema>;

export const taskDocumentParamsSchema = z.object({ id: idParam('task'), document_id: idParam('document') });
export const taskItemDocumentParamsSchema = z.object({
  id: idParam('task'),
  itemId: idParam('task_item'),
  document_id: idParam('document'),
});

/** Where a task's files are uploaded (the chunk protocol of the documents) before being linked. */
export const taskUploadFolderSchema = z.object({ vendor_id: z.number().int(), folder_id: z.number().int() });
export type TaskUploadFolder = z.infer<typeof taskUploadFolderSchema>;

/** A document on the home page: received since the last visit (firm), or the latest (client). */
export const homeDocumentSchema = z.object({
  id: z.number().int(),
  vendor_id: z.number().int(),
  company: z.string(),
  folder_id: z.number().int(),
  name: z.string(),
  version_id: z.number().int().nullable(),
  created_at: z.string(),
  author: z.string().nullable(),
});
export type HomeDocument = z.infer<typeof homeDocumentSchema>;
