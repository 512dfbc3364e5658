import { z } from 'zod';
import { requiredText } from '../rules/text';
import { vendorRoleSchema } from './roles';

/**
 * Invitations of existing accounts: a portal that adds a person whose account already exists
 * (another portal's member, a client elsewhere, the super admin...) creates a pending membership
 * and mails them a link. The link's page reads the invitation, then accepts it; until then the
 * membership grants nothing.
 */
export const invitationTokenQuerySchema = z.object({
  token: requiredText(200).meta({ example: 'the-token-of-the-mailed-link' }),
});

export const invitationInfoSchema = z.object({
  email: z.string(),
  accounting_firm_id: z.number().int(),
  firm_name: z.string(),
  /** Null for an invitation to the firm's team. */
  vendor_id: z.number().int().nullable(),
  company: z.string().nullable(),
  /** The role offered: in the team (admin, collaborator) or in the client file. */
  role: vendorRoleSchema,
  /** Whether the account already has a password (else the person creates one after accepting). */
  has_password: z.boolean(),
});
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

export const acceptInvitationRequestSchema = z
  .object({ token: requiredText(200) })
  .strict()
  .meta({ example: { token: 'the-token-of-the-mailed-link' } });
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;

export const acceptInvitationResultSchema = z.object({
  accounting_firm_id: z.number().int(),
  vendor_id: z.number().int().nullable(),
  has_password: z.boolean(),
});
export type AcceptInvitationResult = z.infer<typeof acceptInvitationResultSchema>;
