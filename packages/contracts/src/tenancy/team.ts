import { z } from 'zod';
import { idField, idParam, queryBoolean } from '../rules/ids';
import { email, personName, text } from '../rules/text';
import { firmRoleSchema } from './roles';

export const memberParamsSchema = z.object({ id: idParam('accounting_firm'), userId: idParam('user') });

/**
 * The team list: `search` on first name, last name or email; `assigned_only` keeps the members
 * who reach at least one client file (an assignment, all client files, or the admin role).
 */
export const listMembersQuerySchema = z.object({
  search: text(100).optional(),
  assigned_only: queryBoolean().optional(),
});
export type ListMembersQuery = z.infer<typeof listMembersQuerySchema>;

export const assignmentInputSchema = z.object({
  vendor_id: idField('vendor'),
  read_only: z.boolean().default(false),
});

export const inviteMemberRequestSchema = z
  .object({
    email: email(),
    firstname: personName(100),
    lastname: personName(100),
    role: firmRoleSchema.default('collaborator'),
    all_vendors: z.boolean().default(false),
    read_only: z.boolean().default(false),
    is_group_admin: z.boolean().default(false),
    assignments: z.array(assignmentInputSchema).max(5000).default([]),
  })
  .strict()
  .meta({
    example: {
      email: 'claude.collab@cabinet-exemple.fr',
      firstname: 'Claude',
      lastname: 'Collab',
      role: 'collaborator',
      assignments: [{ vendor_id: 1, read_only: false }],
    },
  });
export type InviteMemberRequest = z.infer<typeof inviteMemberRequestSchema>;

export const updateMemberRequestSchema = z
  .object({
    role: firmRoleSchema,
    all_vendors: z.boolean(),
    read_only: z.boolean(),
    is_group_admin: z.boolean(),
    /** Sees every theme's folders (else only `theme_ids`'); administrators always do. */
    all_themes: z.boolean(),
    theme_ids: z.array(idField('theme')).max(200),
  })
  .partial()
  .strict()
  .meta({ example: { read_only: true, theme_ids: [1] } });
export type UpdateMemberRequest = z.infer<typeof updateMemberRequestSchema>;

export const setAssignmentsRequestSchema = z
  .object({ assignments: z.array(assignmentInputSchema).max(5000) })
  .strict()
  .meta({ example: { assignments: [{ vendor_id: 1, read_only: false }] } });

export const memberSchema = z.object({
  user_id: z.number().int(),
  accounting_firm_id: z.number().int(),
  email: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  role: firmRoleSchema,
  is_group_admin: z.boolean(),
  all_vendors: z.boolean(),
  read_only: z.boolean(),
  vendor_count: z.number().int(),
  invitation_pending: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberDetailSchema = memberSchema.extend({
  /** This firm is the member's only portal access: removing it may also delete the account. */
  last_access: z.boolean(),
  assignments: z.array(
    z.object({
      vendor_id: z.number().int(),
      company: z.string(),
      client_code: z.string(),
      read_only: z.boolean(),
    }),
  ),
  /** Sees every theme's folders (administrators always do), else those of `theme_ids`. */
  all_themes: z.boolean(),
  theme_ids: z.array(z.number().int()),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

export const removeMemberQuerySchema = z.object({
  delete_user: z.enum(['true', 'false']).optional(),
});
export const removeMemberResultSchema = z.object({
  removed: z.literal(true),
  /** The member has no portal access left: the web app offers to delete the account. */
  last_access: z.boolean(),
  user_deleted: z.boolean(),
});
