import { z } from 'zod';
import { idParam, queryBoolean } from '../rules/ids';
import { text } from '../rules/text';
import { vendorStatusSchema } from '../vendors/vendor';
import { companyRoleSchema } from './roles';

export * from './roles';

export const moduleSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  priority: z.number().int(),
  is_home: z.boolean(),
  is_navbar: z.boolean(),
  is_settings: z.boolean(),
});
export type Module = z.infer<typeof moduleSchema>;

export const accountingFirmSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string().nullable(),
  holding_id: z.number().int().nullable(),
  /** The user is a member (admin or collaborator) of this firm. */
  is_accountant: z.boolean(),
  /** The user is an administrator of this firm. */
  is_accountant_admin: z.boolean(),
  is_group_admin: z.boolean(),
  is_holding_admin: z.boolean(),
});
export type AccountingFirmSummary = z.infer<typeof accountingFirmSummarySchema>;

export const myAccountingFirmsQuerySchema = z.object({
  active_domain: text(255).optional(),
  accountant: queryBoolean().optional(),
});

export const firmIdParamsSchema = z.object({ id: idParam('accounting_firm') });
export const vendorIdParamsSchema = z.object({ id: idParam('vendor') });

export const vendorSummarySchema = z.object({
  id: z.number().int(),
  accounting_firm_id: z.number().int(),
  company: z.string(),
  corporate_name: z.string().nullable(),
  client_code: z.string(),
  siret: z.string().nullable(),
  /** Accountants also get their deactivated client files (last); client users never do. */
  status: vendorStatusSchema,
  role: companyRoleSchema,
  read_only: z.boolean(),
});
export type VendorSummary = z.infer<typeof vendorSummarySchema>;

export const myVendorsQuerySchema = z.object({
  search: text(100).optional(),
});

export const vendorRolesSchema = z.object({
  vendor_id: z.number().int(),
  accounting_firm_id: z.number().int(),
  role: companyRoleSchema,
  read_only: z.boolean(),
  modules: z.array(moduleSchema),
});
export type VendorRoles = z.infer<typeof vendorRolesSchema>;
export * from './invitations';
export * from './team';
