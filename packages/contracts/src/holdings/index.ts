import { z } from 'zod';
import { domainField } from '../platform-admin';
import { idField, idParam, pageQuery, queryBoolean } from '../rules/ids';
import { requiredText, text } from '../rules/text';

/**
 * The holding area (spec §2 "Holding administration", §7 `holdings/{id}/...`): a holding's
 * administrators and group admins see its workspaces (portals), client files and people.
 */

export const HOLDING_ROLES = ['holding_admin', 'group_admin'] as const;
export type HoldingRole = (typeof HOLDING_ROLES)[number];

/** One holding the signed-in person administers (`GET /api/users/me/holdings`). */
export const myHoldingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(HOLDING_ROLES),
});
export type MyHolding = z.infer<typeof myHoldingSchema>;

export const holdingParamsSchema = z.object({ id: idParam('holding') });
export const holdingUserParamsSchema = z.object({ id: idParam('holding'), userId: idParam('user') });
export const holdingUserFirmParamsSchema = z.object({
  id: idParam('holding'),
  userId: idParam('user'),
  firm_id: idParam('accounting_firm'),
});

/** The holding's dashboard: counts for the whole holding and per workspace. */
export const holdingDashboardSchema = z.object({
  workspaces: z.object({ active: z.number().int(), deactivated: z.number().int() }),
  vendors: z.object({ active: z.number().int(), deactivated: z.number().int() }),
  members: z.number().int(),
  client_users: z.number().int(),
  sign_ins_30_days: z.number().int(),
  documents: z.object({ count: z.number().int(), bytes: z.number().int(), added_30_days: z.number().int() }),
  tasks: z.object({ open: z.number().int(), overdue: z.number().int() }),
  information_requests_waiting: z.number().int(),
  per_workspace: z.array(
    z.object({
      accounting_firm_id: z.number().int(),
      name: z.string(),
      deactivated: z.boolean(),
      vendors: z.number().int(),
      members: z.number().int(),
      client_users: z.number().int(),
      documents: z.object({ count: z.number().int(), bytes: z.number().int() }),
      tasks_overdue: z.number().int(),
    }),
  ),
});
export type HoldingDashboard = z.infer<typeof holdingDashboardSchema>;

/** A workspace (portal) of the holding, as its list shows it. */
export const holdingWorkspaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string().nullable(),
  deactivated_at: z.string().nullable(),
  member_count: z.number().int(),
  vendor_count: z.number().int(),
});
export type HoldingWorkspace = z.infer<typeof holdingWorkspaceSchema>;

export const listHoldingWorkspacesQuerySchema = z
  .object({
    search: text(100).optional(),
    include_deactivated: queryBoolean().optional(),
    ...pageQuery(),
  })
  .strict();
export type ListHoldingWorkspacesQuery = z.infer<typeof listHoldingWorkspacesQuerySchema>;

/** A client file of one of the holding's workspaces. */
export const holdingVendorSchema = z.object({
  id: z.number().int(),
  company: z.string(),
  client_code: z.string(),
  siret: z.string().nullable(),
  accounting_firm_id: z.number().int(),
  accounting_firm_name: z.string(),
  deactivated_at: z.string().nullable(),
  users: z.number().int(),
  documents: z.number().int(),
});
export type HoldingVendor = z.infer<typeof holdingVendorSchema>;

export const listHoldingVendorsQuerySchema = z
  .object({
    search: text(100).optional(),
    accounting_firm_id: idParam('accounting_firm').optional(),
    include_deactivated: queryBoolean().optional(),
    ...pageQuery(),
  })
  .strict();
export type ListHoldingVendorsQuery = z.infer<typeof listHoldingVendorsQuerySchema>;

/** A person's access to one workspace of the holding. */
export const holdingWorkspaceAccessSchema = z.object({
  accounting_firm_id: z.number().int(),
  name: z.string(),
  role: z.enum(['admin', 'collaborator']),
  read_only: z.boolean(),
  all_vendors: z.boolean(),
  is_group_admin: z.boolean(),
  pending: z.boolean(),
});
export type HoldingWorkspaceAccess = z.infer<typeof holdingWorkspaceAccessSchema>;

/** A person of the holding's workspaces (a member of one of them, or a holding administrator). */
export const holdingUserSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  holding_admin: z.boolean(),
  workspaces: z.array(holdingWorkspaceAccessSchema),
});
export type HoldingUser = z.infer<typeof holdingUserSchema>;

export const listHoldingUsersQuerySchema = z
  .object({
    search: text(100).optional(),
    accounting_firm_id: idParam('accounting_firm').optional(),
  })
  .strict();
export type ListHoldingUsersQuery = z.infer<typeof listHoldingUsersQuerySchema>;

/** Grants or withdraws the holding-admin access of a person of the holding. */
export const updateHoldingUserRequestSchema = z
  .object({ holding_admin: z.boolean() })
  .strict()
  .meta({ example: { holding_admin: true } });
export type UpdateHoldingUserRequest = z.infer<typeof updateHoldingUserRequestSchema>;

/**
 * A person's access to one workspace: created (they become a member, collaborator without themes
 * unless said otherwise) or changed. `vendor_ids` replaces their assignments when given.
 */
export const putHoldingWorkspaceAccessRequestSchema = z
  .object({
    role: z.enum(['admin', 'collaborator']),
    read_only: z.boolean().optional(),
    all_vendors: z.boolean().optional(),
    is_group_admin: z.boolean().optional(),
    vendor_ids: z.array(idField('vendor')).max(2000).optional(),
    all_themes: z.boolean().optional(),
    theme_ids: z.array(idField('theme')).max(200).optional(),
  })
  .strict()
  .meta({ example: { role: 'collaborator', read_only: false, all_vendors: false, vendor_ids: [1] } });
export type PutHoldingWorkspaceAccessRequest = z.infer<typeof putHoldingWorkspaceAccessRequestSchema>;

export const holdingFirmParamsSchema = z.object({
  id: idParam('holding'),
  firm_id: idParam('accounting_firm'),
});

/** One workspace of the holding, as its form shows it. */
export const holdingWorkspaceDetailSchema = holdingWorkspaceSchema.extend({
  welcome_message: z.string().nullable(),
});
export type HoldingWorkspaceDetail = z.infer<typeof holdingWorkspaceDetailSchema>;

/**
 * The workspace form's general section (spec §2): name, domain (422 `domain-already-exists` when
 * another portal has it), welcome message.
 */
export const updateHoldingWorkspaceRequestSchema = z
  .object({
    name: requiredText(150).optional(),
    domain: domainField().nullable().optional(),
    welcome_message: text(2000).nullable().optional(),
  })
  .strict()
  .meta({ example: { welcome_message: 'Bienvenue sur le portail du groupe.' } });
export type UpdateHoldingWorkspaceRequest = z.infer<typeof updateHoldingWorkspaceRequestSchema>;
