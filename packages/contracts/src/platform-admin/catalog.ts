import { z } from 'zod';
import { idField, idParam, queryBoolean } from '../rules/ids';
import { optionalText, requiredText, text } from '../rules/text';

/**
 * The super admin's catalogue (spec sections 3 and 7): modules and which portals subscribe to
 * them, billed products bundling modules, feature flags with per-portal overrides, and global
 * parameters.
 */

export const MODULE_AUDIENCES = ['accountant', 'client', 'both'] as const;

export const saModuleSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  priority: z.number().int(),
  is_home: z.boolean(),
  is_navbar: z.boolean(),
  is_settings: z.boolean(),
  audience: z.enum(MODULE_AUDIENCES),
  /** How many portals subscribe to it. */
  firm_count: z.number().int(),
});
export type SaModule = z.infer<typeof saModuleSchema>;

export const listSaModulesQuerySchema = z.object({ include_inactive: queryBoolean().optional() });

export const saModuleParamsSchema = z.object({ id: idParam('module') });

export const updateSaModuleRequestSchema = z
  .object({
    name: requiredText(100),
    is_active: z.boolean(),
    priority: z.number().int().min(0, { error: 'too-small' }).max(1000, { error: 'too-big' }),
    is_home: z.boolean(),
    is_navbar: z.boolean(),
    is_settings: z.boolean(),
    audience: z.enum(MODULE_AUDIENCES, { error: 'invalid-value' }),
  })
  .partial()
  .strict()
  .meta({ example: { name: 'Documents', priority: 10, is_navbar: true } });
export type UpdateSaModuleRequest = z.infer<typeof updateSaModuleRequestSchema>;

/** Portals, by id (subscribe, unsubscribe, apply): at most 500 at once. */
const firmIds = z
  .array(idField('accounting_firm'))
  .min(1, { error: 'required' })
  .max(500, { error: 'too-many' });

export const moduleSubscriptionRequestSchema = z
  .object({ accounting_firm_ids: firmIds })
  .strict()
  .meta({ example: { accounting_firm_ids: [1] } });
export type ModuleSubscriptionRequest = z.infer<typeof moduleSubscriptionRequestSchema>;

/** Which portals subscribe to a module. */
export const moduleSubscriptionsSchema = z.object({
  module_id: z.number().int(),
  key: z.string(),
  accounting_firm_ids: z.array(z.number().int()),
});
export type ModuleSubscriptions = z.infer<typeof moduleSubscriptionsSchema>;

// Products -----------------------------------------------------------------------------------

export const saProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  payment_reference: z.string().nullable(),
  crm_reference: z.string().nullable(),
  is_active: z.boolean(),
  module_keys: z.array(z.string()),
  firm_count: z.number().int(),
});
export type SaProduct = z.infer<typeof saProductSchema>;

const productFields = {
  name: requiredText(100),
  description: optionalText(2000),
  payment_reference: optionalText(100),
  crm_reference: optionalText(100),
  is_active: z.boolean(),
  /** A product bundles at least one module. */
  module_keys: z.array(text(50)).min(1, { error: 'required' }).max(50, { error: 'too-many' }),
};

export const createSaProductRequestSchema = z
  .object({
    ...productFields,
    description: productFields.description.optional(),
    payment_reference: productFields.payment_reference.optional(),
    crm_reference: productFields.crm_reference.optional(),
    is_active: productFields.is_active.optional(),
  })
  .strict()
  .meta({ example: { name: 'Pack GED', description: 'Documents et tâches', module_keys: ['documents'] } });
export type CreateSaProductRequest = z.infer<typeof createSaProductRequestSchema>;

export const updateSaProductRequestSchema = z
  .object(productFields)
  .partial()
  .strict()
  .meta({ example: { description: 'Documents, tâches et signatures' } });
export type UpdateSaProductRequest = z.infer<typeof updateSaProductRequestSchema>;

export const saProductParamsSchema = z.object({ id: idParam('product') });

/** The word typed to confirm a dangerous action: the name of what it removes. */
export const confirmRequestSchema = z
  .object({ confirm: text(100) })
  .strict()
  .meta({ example: { confirm: 'Pack GED' } });
export type ConfirmRequest = z.infer<typeof confirmRequestSchema>;

export const firmProductsRequestSchema = z
  .object({ product_ids: z.array(idField('product')).max(50, { error: 'too-many' }) })
  .strict()
  .meta({ example: { product_ids: [1] } });
export type FirmProductsRequest = z.infer<typeof firmProductsRequestSchema>;

/** A portal's products and the modules it subscribes to afterwards. */
export const firmProductsSchema = z.object({
  product_ids: z.array(z.number().int()),
  module_keys: z.array(z.string()),
});
export type FirmProducts = z.infer<typeof firmProductsSchema>;

// Feature flags ------------------------------------------------------------------------------

/** Spec section 5, "flag name valid": lower case, digits, `_`, `.`, `-`; 2 to 64 characters. */
export const FLAG_NAME = /^[a-z][a-z0-9_.-]{1,63}$/;
export const flagName = () =>
  z.string({ error: 'required' }).trim().regex(FLAG_NAME, { error: 'invalid-flag-name' });

export const featureFlagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** The default, for every portal without an override. */
  enabled: z.boolean(),
  /** Sent to the web app. */
  public: z.boolean(),
  overrides: z.array(
    z.object({ accounting_firm_id: z.number().int(), name: z.string(), enabled: z.boolean() }),
  ),
});
export type FeatureFlag = z.infer<typeof featureFlagSchema>;

const flagFields = {
  name: flagName(),
  description: optionalText(500),
  enabled: z.boolean(),
  public: z.boolean(),
};

export const createFeatureFlagRequestSchema = z
  .object({
    ...flagFields,
    description: flagFields.description.optional(),
    enabled: flagFields.enabled.optional(),
    public: flagFields.public.optional(),
  })
  .strict()
  .meta({ example: { name: 'new-viewer', description: 'Le nouveau visualiseur', enabled: false } });
export type CreateFeatureFlagRequest = z.infer<typeof createFeatureFlagRequestSchema>;

export const updateFeatureFlagRequestSchema = z
  .object(flagFields)
  .partial()
  .strict()
  .meta({ example: { enabled: true } });
export type UpdateFeatureFlagRequest = z.infer<typeof updateFeatureFlagRequestSchema>;

export const featureFlagParamsSchema = z.object({ id: idParam('feature_flag') });
export const featureFlagFirmParamsSchema = z.object({
  id: idParam('feature_flag'),
  firm_id: idParam('accounting_firm'),
});

export const flagOverrideRequestSchema = z
  .object({ enabled: z.boolean({ error: 'required' }) })
  .strict()
  .meta({ example: { enabled: true } });
export type FlagOverrideRequest = z.infer<typeof flagOverrideRequestSchema>;

// Global parameters --------------------------------------------------------------------------

/**
 * The platform's global parameters, each typed (spec section 3: key/value, `ecmAutoRefresh`
 * tracked): its value's schema and default.
 */
export const GLOBAL_PARAMETERS = {
  /** Whether the document manager refreshes its open folder by itself. */
  ecmAutoRefresh: { schema: z.boolean({ error: 'invalid-value' }), default: false },
} as const;
export type GlobalParameterKey = keyof typeof GLOBAL_PARAMETERS;
export const GLOBAL_PARAMETER_KEYS = Object.keys(GLOBAL_PARAMETERS) as GlobalParameterKey[];

export const globalParameterSchema = z.object({
  key: z.string(),
  value: z.unknown(),
  default: z.unknown(),
  updated_at: z.string().nullable(),
});
export type GlobalParameter = z.infer<typeof globalParameterSchema>;

export const globalParameterParamsSchema = z.object({
  key: z.enum(GLOBAL_PARAMETER_KEYS as [GlobalParameterKey, ...GlobalParameterKey[]], {
    error: 'invalid-value',
  }),
});

/** The value is checked against the key's own schema by the server (422 on `value`). */
export const putGlobalParameterRequestSchema = z
  .object({ value: z.unknown() })
  .strict()
  .meta({ example: { value: true } });
export type PutGlobalParameterRequest = z.infer<typeof putGlobalParameterRequestSchema>;
