import { z } from 'zod';
import { idField, idParam, pageQuery, queryBoolean } from '../rules/ids';
import { email, personName, requiredText, text } from '../rules/text';
import { signatureBalanceField } from '../signatures/life';

/**
 * The super admin's portals (spec: sa/accounting-firms): create a portal with its first
 * administrator, edit it, choose its modules, deactivate and restore it.
 */

/** A host name without scheme or port, lower-cased: `cabinet.example.fr`. */
export const domainField = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(253, { error: 'too-long' })
    .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/, {
      error: 'invalid-domain',
    });

export const platformFirmSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string().nullable(),
  welcome_message: z.string().nullable(),
  holding: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  module_keys: z.array(z.string()),
  member_count: z.number().int(),
  vendor_count: z.number().int(),
  deactivated_at: z.string().nullable(),
  created_at: z.string(),
  /** Signature requests the portal may still send; null: unlimited. */
  signature_balance: z.number().int().nullable(),
});
export type PlatformFirm = z.infer<typeof platformFirmSchema>;

export const listPlatformFirmsQuerySchema = z.object({
  search: text(100).optional(),
  include_deactivated: queryBoolean().optional(),
  ...pageQuery(),
});
export type ListPlatformFirmsQuery = z.infer<typeof listPlatformFirmsQuerySchema>;

const firmFields = {
  name: requiredText(150),
  domain: domainField().nullable().optional(),
  welcome_message: text(2000).nullable().optional(),
  /** Keys of the modules the portal subscribes to (GET /api/sa/modules). */
  module_keys: z.array(text(50)).max(50).optional(),
  signature_balance: signatureBalanceField().optional(),
};

/**
 * Create a portal: in an existing holding (`holding_id`), in a new one (`holding_name`), or on
 * its own (neither). Its first administrator is invited by mail to create a password.
 */
export const createPlatformFirmRequestSchema = z
  .object({
    ...firmFields,
    holding_id: idField('holding').optional(),
    holding_name: requiredText(150).optional(),
    admin: z.object({ email: email(), firstname: personName(100), lastname: personName(100) }).strict(),
  })
  .strict()
  .refine((v) => v.holding_id === undefined || v.holding_name === undefined, {
    error: 'invalid-value',
    path: ['holding_name'],
  })
  .meta({
    example: {
      name: 'Cabinet Exemple',
      domain: 'cabinet-exemple.fr',
      holding_id: 1,
      admin: { email: 'direction@cabinet-exemple.fr', firstname: 'Alice', lastname: 'Leader' },
    },
  });
export type CreatePlatformFirmRequest = z.infer<typeof createPlatformFirmRequestSchema>;

export const updatePlatformFirmRequestSchema = z
  .object(firmFields)
  .partial()
  .strict()
  .meta({ example: { welcome_message: 'Bienvenue sur le portail du Cabinet Exemple.' } });
export type UpdatePlatformFirmRequest = z.infer<typeof updatePlatformFirmRequestSchema>;

export const platformFirmParamsSchema = z.object({ id: idParam('accounting_firm') });

export const platformHoldingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  firm_count: z.number().int(),
});
export type PlatformHolding = z.infer<typeof platformHoldingSchema>;

export const platformModuleSchema = z.object({
  key: z.string(),
  name: z.string(),
  audience: z.enum(['accountant', 'client', 'both']),
});
export type PlatformModule = z.infer<typeof platformModuleSchema>;
export * from './catalog';
export * from './nps';
