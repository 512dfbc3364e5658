import { z } from 'zod';
import { idField, idParam, pageQuery } from '../rules/ids';
import { nodeWorkflowStatusSchema } from '../workflows';
import { nodeName } from './names';

/** `/api/vendors/{id}/folders/{folder_id}` (`id`: the client file, as in every `/vendors/{id}` route) */
export const folderParamsSchema = z.object({ id: idParam('vendor'), folder_id: idParam('folder') });
export const vendorDocumentsParamsSchema = z.object({ id: idParam('vendor') });

/** `GET /folders`: the root alone, or the live children of `parent_id` (the tree loads lazily). */
export const folderTreeQuerySchema = z.object({ parent_id: idParam('folder').optional() });

export const folderSchema = z.object({
  id: z.number().int(),
  vendor_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  is_root: z.boolean(),
  read_only: z.boolean(),
  /** Position in the client file's tree structure; null for the users' own folders. */
  catalog_tree_folder_id: z.number().int().nullable(),
  has_sub_folders: z.boolean(),
  /** Documents under this folder (its whole subtree) the caller has not opened since their last version. */
  counter: z.number().int(),
  /** The folder's themes: its own, else its nearest tagged ancestor's (empty: untagged). */
  effective_theme_ids: z.array(z.number().int()),
  /** The caller's themes let them read here but not change anything (uploads, renames, moves...). */
  theme_read_only: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type Folder = z.infer<typeof folderSchema>;

export const createFolderRequestSchema = z
  .object({ name: nodeName(), parent_id: idField('folder') })
  .strict()
  .meta({ example: { name: 'Factures 2025', parent_id: 1 } });
export type CreateFolderRequest = z.infer<typeof createFolderRequestSchema>;

export const updateFolderRequestSchema = z
  .object({ name: nodeName().optional(), read_only: z.boolean().optional() })
  .strict()
  .meta({ example: { name: 'Factures 2026' } });
export type UpdateFolderRequest = z.infer<typeof updateFolderRequestSchema>;

/** One entry of a folder's listing: a folder or a document (fields of the other kind are null). */
export const nodeSchema = z.object({
  type: z.enum(['folder', 'document']),
  id: z.number().int(),
  name: z.string(),
  folder_id: z.number().int().nullable(),
  catalog_tree_folder_id: z.number().int().nullable(),
  start_date: z.string().nullable(),
  read_only: z.boolean(),
  /** Documents: latest version's values. */
  extension: z.string().nullable(),
  mime_type: z.string().nullable(),
  size: z.number().int().nullable(),
  version_id: z.number().int().nullable(),
  is_validated: z.boolean(),
  /** Documents: not opened by the caller since their latest version; folders: that count below. */
  unread: z.boolean(),
  counter: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  /** The node's workflow status; null when none, or its workflow is hidden from the caller. */
  workflow_status: nodeWorkflowStatusSchema.nullable(),
  /** Documents: the latest version is the signed PDF a completed signature request filed back. */
  has_signatures: z.boolean(),
  /** Documents: a signature request is out (sent, partly signed or being sealed). */
  in_signature: z.boolean(),
});
export type Node = z.infer<typeof nodeSchema>;

export const nodesQuerySchema = z.object(pageQuery());
export type NodesQuery = z.infer<typeof nodesQuerySchema>;

/** A folder's content: a page, only the nodes standing at one of `status_ids[]` when given. */
export const folderNodesQuerySchema = z.object({
  ...pageQuery(),
  /** Workflow statuses (`status_ids[]=1&status_ids[]=2`); one the caller may not see matches nothing. */
  'status_ids[]': z
    .preprocess(
      (v) => (v === undefined || Array.isArray(v) ? v : [v]),
      z.array(idParam('workflow_status')).max(30),
    )
    .optional(),
});
export type FolderNodesQuery = z.infer<typeof folderNodesQuerySchema>;

/** `DELETE` of a folder or document: `force` deletes validated and read-only items too. */
export const deleteNodeQuerySchema = z.object({
  force: z
    .enum(['true', 'false', '1', '0'], { error: 'invalid-value' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
