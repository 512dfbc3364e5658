import { z } from 'zod';
import { INT4_MAX } from '../limits';
import { idField, idParam, queryBoolean } from '../rules/ids';
import { colour, optionalText, requiredText, text } from '../rules/text';

/**
 * Workflows (spec sections 1-4): ordered statuses on a client file's documents and folders, the
 * moves allowed between them and by whom, activated on folders (the nearest activation wins).
 * A firm's workflow (`vendor_id` null) may be used in every client file of the firm.
 */
export const WORKFLOW_SHARINGS = ['shared', 'private_firm', 'private_vendor'] as const;
export const WORKFLOW_MOVERS = ['firm', 'client'] as const;
export const WORKFLOW_APPLY_TO = ['new_documents', 'existing_documents'] as const;
export const WORKFLOW_DEACTIVATION_SCOPES = ['all_content', 'folders_only'] as const;
export const MAX_WORKFLOW_STATUSES = 30;
export const MAX_BULK_STATUS_NODES = 500;
export const DEFAULT_STATUS_COLOUR = '#607d8b';

export const workflowSharingSchema = z.enum(WORKFLOW_SHARINGS);
export type WorkflowSharing = z.infer<typeof workflowSharingSchema>;
export const workflowMoverSchema = z.enum(WORKFLOW_MOVERS);
export type WorkflowMover = z.infer<typeof workflowMoverSchema>;

export const workflowStatusSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  colour: z.string(),
  position: z.number().int(),
  is_initial: z.boolean(),
  is_final: z.boolean(),
});
export type WorkflowStatus = z.infer<typeof workflowStatusSchema>;

export const workflowTransitionSchema = z.object({
  from: z.string(),
  to: z.string(),
  from_status_id: z.number().int(),
  to_status_id: z.number().int(),
  movers: z.array(workflowMoverSchema),
  user_ids: z.array(z.number().int()),
});
export type WorkflowTransition = z.infer<typeof workflowTransitionSchema>;

export const workflowSchema = z.object({
  id: z.number().int(),
  accounting_firm_id: z.number().int(),
  /** Null: the firm's, usable in every client file. */
  vendor_id: z.number().int().nullable(),
  name: z.string(),
  sharing: workflowSharingSchema,
  is_active: z.boolean(),
  /** Present unless listed without them (`with_statuses=false`). */
  statuses: z.array(workflowStatusSchema).optional(),
  transitions: z.array(workflowTransitionSchema).optional(),
  /** Folders it is activated on. */
  folder_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Workflow = z.infer<typeof workflowSchema>;

const statusKey = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(50, { error: 'too-long' })
  .regex(/^[a-z0-9][a-z0-9_-]*$/, { error: 'invalid-characters' });

const statusInputFields = {
  key: statusKey,
  name: requiredText(100),
  colour: colour().optional(),
  is_initial: z.boolean().optional(),
  is_final: z.boolean().optional(),
};
/** A status of a new workflow. */
export const newWorkflowStatusInputSchema = z.object(statusInputFields).strict();
/** A status in a change: with the id of an existing one, else a new one. */
export const workflowStatusInputSchema = z
  .object({ id: idField('workflow_status').optional(), ...statusInputFields })
  .strict();
export type WorkflowStatusInput = z.infer<typeof workflowStatusInputSchema>;

export const workflowTransitionInputSchema = z
  .object({
    from: statusKey,
    to: statusKey,
    movers: z.array(workflowMoverSchema).min(1, { error: 'required' }).max(2),
    /** Named people (firm members reaching the client file, its client users): only they move. */
    user_ids: z.array(idField('member')).max(100).optional(),
  })
  .strict();
export type WorkflowTransitionInput = z.infer<typeof workflowTransitionInputSchema>;

const workflowFields = {
  /** 1-100 characters, unique per owner (the firm, or the client file) ignoring case. */
  name: requiredText(100),
  sharing: workflowSharingSchema,
  is_active: z.boolean(),
  /** 1-30, in order; the first is initial unless one says so (none: 422 `workflow-needs-a-status`). */
  statuses: z.array(workflowStatusInputSchema).max(MAX_WORKFLOW_STATUSES, { error: 'too-many' }),
  /** By status keys. Absent at creation: each status to its neighbours, by anyone who may write. */
  transitions: z.array(workflowTransitionInputSchema).max(900),
};

const EXAMPLE = {
  name: 'Pièces du mois',
  sharing: 'shared',
  statuses: [
    { key: 'a-completer', name: 'À compléter', colour: '#f57c00' },
    { key: 'envoye', name: 'Envoyé', colour: '#1976d2' },
    { key: 'valide', name: 'Validé', colour: '#388e3c', is_final: true },
  ],
  transitions: [
    { from: 'a-completer', to: 'envoye', movers: ['firm', 'client'], user_ids: [1] },
    { from: 'envoye', to: 'valide', movers: ['firm'] },
    { from: 'envoye', to: 'a-completer', movers: ['firm'] },
  ],
};

export const createWorkflowRequestSchema = z
  .object({
    ...workflowFields,
    statuses: z.array(newWorkflowStatusInputSchema).max(MAX_WORKFLOW_STATUSES, { error: 'too-many' }),
    sharing: workflowFields.sharing.optional(),
    is_active: workflowFields.is_active.optional(),
    transitions: workflowFields.transitions.optional(),
  })
  .strict()
  .meta({ example: EXAMPLE });
export type CreateWorkflowRequest = z.infer<typeof createWorkflowRequestSchema>;

const updateFields = z.object(workflowFields).partial().strict();
export const updateWorkflowRequestSchema = updateFields.meta({
  example: {
    name: 'Pièces du mois (2026)',
    statuses: [
      { id: 1, key: 'a-completer', name: 'À compléter' },
      { key: 'envoye', name: 'Envoyé' },
    ],
    transitions: [{ from: 'a-completer', to: 'envoye', movers: ['firm', 'client'], user_ids: [1] }],
  },
});
export type UpdateWorkflowRequest = z.infer<typeof updateWorkflowRequestSchema>;
/** The same change of a firm's workflow (its example names no client file's status). */
export const updateFirmWorkflowRequestSchema = updateFields.meta({
  example: {
    name: 'Pièces du mois (cabinet)',
    statuses: [
      { key: 'a-completer', name: 'À compléter' },
      { key: 'envoye', name: 'Envoyé' },
    ],
    transitions: [{ from: 'a-completer', to: 'envoye', movers: ['firm'], user_ids: [1] }],
  },
});

export const firmWorkflowParamsSchema = z.object({
  id: idParam('accounting_firm'),
  workflow_id: idParam('firm_workflow'),
});
export const vendorWorkflowParamsSchema = z.object({
  id: idParam('vendor'),
  workflow_id: idParam('workflow'),
});

export const workflowsQuerySchema = z
  .object({
    with_statuses: queryBoolean().optional(),
    search: text(100).optional(),
  })
  .strict();
export type WorkflowsQuery = z.infer<typeof workflowsQuerySchema>;

/** A status as a node carries it (null to a caller who may not see its workflow). */
export const nodeWorkflowStatusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  colour: z.string(),
  is_final: z.boolean(),
});
export type NodeWorkflowStatus = z.infer<typeof nodeWorkflowStatusSchema>;

export const folderWorkflowSchema = z.object({
  workflow: workflowSchema.nullable(),
  /** The folder the workflow is activated on, when not this one (null: its own, or none). */
  inherited_from_folder_id: z.number().int().nullable(),
  /** Nodes of the subtree per status (documents and folders). */
  counts: z.array(z.object({ status_id: z.number().int(), count: z.number().int() })),
});
export type FolderWorkflow = z.infer<typeof folderWorkflowSchema>;

export const activateWorkflowRequestSchema = z
  .object({
    workflow_id: idField('workflow'),
    apply_to: z.enum(WORKFLOW_APPLY_TO).optional(),
  })
  .strict()
  .meta({ example: { workflow_id: 1, apply_to: 'existing_documents' } });
export type ActivateWorkflowRequest = z.infer<typeof activateWorkflowRequestSchema>;

export const deactivateWorkflowQuerySchema = z
  .object({ scope: z.enum(WORKFLOW_DEACTIVATION_SCOPES).optional() })
  .strict();

export const nodeStatusSchema = z.object({
  status: nodeWorkflowStatusSchema.nullable(),
  workflow: z.object({ id: z.number().int(), name: z.string(), is_active: z.boolean() }).nullable(),
  /** The statuses the caller may move the node to now. */
  transitions: z.array(nodeWorkflowStatusSchema),
});
export type NodeStatus = z.infer<typeof nodeStatusSchema>;

export const setNodeStatusRequestSchema = z
  .object({
    status_id: idField('workflow_status'),
    comment: optionalText(500),
  })
  .strict()
  .meta({ example: { status_id: 1, comment: 'Relevés de mars envoyés' } });
export type SetNodeStatusRequest = z.infer<typeof setNodeStatusRequestSchema>;

export const statusHistoryEntrySchema = z.object({
  from: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  to: z.object({ id: z.number().int(), name: z.string() }),
  actor: z.object({ id: z.number().int().nullable(), fullname: z.string() }),
  comment: z.string().nullable(),
  at: z.string(),
});
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntrySchema>;

export const bulkStatusRequestSchema = z
  .object({
    nodes: z
      .array(
        z
          .object({ type: z.enum(['document', 'folder']), id: z.number().int().min(1).max(INT4_MAX) })
          .strict(),
      )
      .min(1, { error: 'required' })
      .max(MAX_BULK_STATUS_NODES, { error: 'too-many' }),
    status_id: idField('workflow_status'),
    comment: optionalText(500),
  })
  .strict()
  .meta({ example: { nodes: [{ type: 'document', id: 1 }], status_id: 1 } });
export type BulkStatusRequest = z.infer<typeof bulkStatusRequestSchema>;

export const bulkStatusResultSchema = z.object({ moved: z.number().int() });

export const workflowPersonSchema = z.object({
  id: z.number().int(),
  fullname: z.string(),
  side: z.enum(['firm', 'client']),
});
export type WorkflowPerson = z.infer<typeof workflowPersonSchema>;
