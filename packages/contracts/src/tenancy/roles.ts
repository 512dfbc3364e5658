import { z } from 'zod';

export const firmRoleSchema = z.enum(['admin', 'collaborator']);
export type FirmRole = z.infer<typeof firmRoleSchema>;
export const vendorRoleSchema = z.enum(['admin', 'collaborator', 'guest']);
export type VendorRole = z.infer<typeof vendorRoleSchema>;
/** A user's role as seen from a vendor: firm members show as `accountant`. */
export const companyRoleSchema = z.enum(['accountant', 'admin', 'collaborator', 'guest']);
export type CompanyRole = z.infer<typeof companyRoleSchema>;
