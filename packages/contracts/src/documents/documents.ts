import { z } from 'zod';
import { idField, idParam } from '../rules/ids';
import { nodeWorkflowStatusSchema } from '../workflows';
import { nodeName } from './names';

/** `/api/vendors/{id}/documents/{document_id}` */
export const documentParamsSchema = z.object({
  id: idParam('vendor'),
  document_id: idParam('document'),
});
export const versionParamsSchema = documentParamsSchema.extend({ version_id: idParam('document_version') });

export const personRefSchema = z.object({ id: z.number().int(), fullname: z.string() });

export const documentSchema = z.object({
  id: z.number().int(),
  vendor_id: z.number().int(),
  folder_id: z.number().int(),
  name: z.string(),
  extension: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  version_id: z.number().int(),
  is_validated: z.boolean(),
  validated_at: z.string().nullable(),
  accounting_period_id: z.number().int().nullable(),
  start_date: z.string().nullable(),
  unread: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  /** On the document's own answer: its workflow status (null: none, or hidden from the caller). */
  workflow_status: nodeWorkflowStatusSchema.nullable().optional(),
});
export type DocumentDto = z.infer<typeof documentSchema>;

export const versionSchema = z.object({
  id: z.number().int(),
  document_id: z.number().int(),
  /** The version this one follows; null for the first. */
  ancestor_id: z.number().int().nullable(),
  size: z.number().int(),
  mime_type: z.string(),
  original_name: z.string(),
  md5: z.string(),
  author: personRefSchema.nullable(),
  validator: personRefSchema.nullable(),
  is_validated: z.boolean(),
  validated_at: z.string().nullable(),
  created_at: z.string(),
});
export type VersionDto = z.infer<typeof versionSchema>;

export const updateDocumentRequestSchema = z
  .object({
    name: nodeName().optional(),
    accounting_period_id: idField('accounting_period').nullable().optional(),
    start_date: z.iso.date({ error: 'invalid-date' }).nullable().optional(),
  })
  .strict()
  .meta({ example: { name: 'Bilan 2025 signé.pdf', accounting_period_id: 1, start_date: '2025-12-31' } });
export type UpdateDocumentRequest = z.infer<typeof updateDocumentRequestSchema>;

/** `?version_id=` another version than the latest; `?disposition=inline` to view (safe types only). */
export const contentQuerySchema = z.object({
  version_id: idParam('document_version').optional(),
  disposition: z.enum(['attachment', 'inline']).optional(),
});

/** What to do with same-name items at the target: refuse, rename the newcomer, add it as a version (documents) or merge (folders). */
export const nodeConflictSchema = z.enum(['refuse', 'rename', 'version', 'merge']);
/** A same-name document at the target: refuse (422), rename the newcomer "name (2).ext", or add it as a new version. */
export const documentConflictSchema = z.enum(['refuse', 'rename', 'version'], { error: 'invalid-value' });
/** A same-name folder at the target: refuse (422), rename the newcomer "name (2)", or merge their contents. */
export const folderConflictSchema = z.enum(['refuse', 'rename', 'merge'], { error: 'invalid-value' });

/** A selection of nodes of one client file. */
export const selectionSchema = z.object({
  document_ids: z.array(idField('document')).max(1000, { error: 'too-long' }).default([]),
  folder_ids: z.array(idField('folder')).max(1000, { error: 'too-long' }).default([]),
});

/**
 * Move or copy a selection into `folder_id`. The conflict choices apply to every clash of the
 * request ("apply to all" is the client's). Moving a default (tree-structure) folder stops its
 * automatic feeding: it needs `move_default_folders`.
 */
export const transferNodesRequestSchema = selectionSchema
  .extend({
    folder_id: idField('folder'),
    conflict: documentConflictSchema.default('refuse'),
    folder_conflict: folderConflictSchema.default('refuse'),
    move_default_folders: z.boolean({ error: 'invalid-value' }).default(false),
  })
  .strict()
  .meta({
    example: {
      folder_id: 1,
      document_ids: [1],
      folder_ids: [],
      conflict: 'rename',
      folder_conflict: 'merge',
    },
  });
export type TransferNodesRequest = z.infer<typeof transferNodesRequestSchema>;

/** Delete a selection to the trash; `force` (firm members) deletes validated and read-only items too. */
export const deleteNodesRequestSchema = selectionSchema
  .extend({ force: z.boolean({ error: 'invalid-value' }).default(false) })
  .strict()
  .meta({ example: { document_ids: [1], folder_ids: [], force: false } });
export type DeleteNodesRequest = z.infer<typeof deleteNodesRequestSchema>;

/** Restore items of the trash to their place (missing parents are recreated). */
export const restoreNodesRequestSchema = selectionSchema
  .extend({ conflict: z.enum(['refuse', 'rename'], { error: 'invalid-value' }).default('refuse') })
  .strict()
  .meta({ example: { document_ids: [1], folder_ids: [], conflict: 'rename' } });
export type RestoreNodesRequest = z.infer<typeof restoreNodesRequestSchema>;

export const selectionRequestSchema = selectionSchema
  .strict()
  .meta({ example: { document_ids: [1], folder_ids: [] } });
export type SelectionRequest = z.infer<typeof selectionRequestSchema>;

/** What a move, copy, restore or deletion did: the items done and those it left. */
export const nodesOutcomeSchema = z.object({
  document_ids: z.array(z.number().int()),
  folder_ids: z.array(z.number().int()),
  /** Validated or read-only items left in place (deletion without `force`, move). */
  skipped_document_ids: z.array(z.number().int()),
  skipped_folder_ids: z.array(z.number().int()),
});
export type NodesOutcome = z.infer<typeof nodesOutcomeSchema>;

/**
 * A download link for a ZIP: the folder `folder_id`, or the selection. The browser follows the
 * answered `url` (a plain link: the archive streams to disk, never held in the page's memory).
 */
export const archiveLinkRequestSchema = selectionSchema
  .extend({ folder_id: idField('folder').optional() })
  .strict()
  .meta({ example: { folder_id: 1, document_ids: [], folder_ids: [] } });
export type ArchiveLinkRequest = z.infer<typeof archiveLinkRequestSchema>;

export const archiveLinkSchema = z.object({
  /** `/api/archive-links/{ticket}`: one use, within `expires_in` seconds, no Authorization header. */
  url: z.string(),
  expires_in: z.number().int(),
});
export type ArchiveLink = z.infer<typeof archiveLinkSchema>;

/** `GET /api/archive-links/{ticket}` */
export const archiveTicketParamsSchema = z.object({ ticket: z.string().min(1).max(100) });
