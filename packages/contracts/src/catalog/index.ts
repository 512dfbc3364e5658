import { z } from 'zod';
import { INT4_MAX } from '../limits';
import { idField, idParam, pageQuery } from '../rules/ids';
import { optionalText, requiredText, text } from '../rules/text';

/**
 * A firm's service catalogue (spec sections 1, 2 and 3; issue 30): categories, services with
 * their task template, and offers bundling services. Firm administrators write it, firm members
 * read all of it. Amounts are cents excluding VAT, in EUR (spec section 9).
 */
export const CATALOG_UNITS = ['hour', 'day', 'month', 'declaration', 'unit'] as const;
/** Spec section 9. */
export const FREQUENCIES = [
  'none',
  'day',
  'week',
  'two-weeks',
  'month',
  'two-months',
  'quarter',
  'semester',
  'year',
] as const;
/** Spec section 9. */
export const DURATION_UNITS = ['day', 'week', 'month', 'quarter', 'semester', 'year'] as const;
export const DUE_RULE_KINDS = ['first_due_date', 'vat_due_day', 'after_closing', 'day_of_period'] as const;
export const CATALOG_VISIBILITIES = ['public', 'private'] as const;
export const TASK_ASSIGNEES = ['manager', 'collaborators'] as const;
export const CATALOG_CURRENCY = 'EUR';
/** The VAT rate a service gets when none is given (percent). */
export const DEFAULT_VAT_RATE = 20;
/** The most tasks a service's template holds. */
export const MAX_TEMPLATE_TASKS = 50;

export const catalogUnitSchema = z.enum(CATALOG_UNITS);
export const frequencySchema = z.enum(FREQUENCIES);
export const durationUnitSchema = z.enum(DURATION_UNITS);
export const dueRuleKindSchema = z.enum(DUE_RULE_KINDS);
export const catalogVisibilitySchema = z.enum(CATALOG_VISIBILITIES);
export type CatalogUnit = z.infer<typeof catalogUnitSchema>;
export type Frequency = z.infer<typeof frequencySchema>;
export type DurationUnit = z.infer<typeof durationUnitSchema>;
export type DueRuleKind = z.infer<typeof dueRuleKindSchema>;
export type CatalogVisibility = z.infer<typeof catalogVisibilitySchema>;

const cents = () =>
  z.number().int({ error: 'invalid-amount' }).min(0, { error: 'invalid-amount' }).max(INT4_MAX);
const quantity = () => z.number().int().min(1, { error: 'quantity-at-least-one' }).max(100_000);
/** A percentage with at most two decimals (20, 10, 5.5, 2.1). */
const vatRate = () =>
  z
    .number()
    .min(0)
    .max(100)
    .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, {
      error: 'invalid-value',
    });

// Categories -------------------------------------------------------------------------------------

export const catalogCategorySchema = z.object({
  id: z.number().int(),
  accounting_firm_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  position: z.number().int(),
  /** Its services, archived ones included (a category with services is not deleted). */
  service_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CatalogCategory = z.infer<typeof catalogCategorySchema>;

const categoryFields = {
  /** Unique in the firm (case-insensitive). */
  name: requiredText(100),
  description: optionalText(2000),
  /** Order in the list (smallest first); a new category goes last when absent. */
  position: z.number().int().min(0).max(10_000),
};

export const createCatalogCategoryRequestSchema = z
  .object({ ...categoryFields, position: categoryFields.position.optional() })
  .strict()
  .meta({ example: { name: 'Fiscal', description: 'Déclarations fiscales', position: 1 } });
export type CreateCatalogCategoryRequest = z.infer<typeof createCatalogCategoryRequestSchema>;

export const updateCatalogCategoryRequestSchema = z
  .object(categoryFields)
  .partial()
  .strict()
  .meta({ example: { name: 'Fiscalité', position: 2 } });
export type UpdateCatalogCategoryRequest = z.infer<typeof updateCatalogCategoryRequestSchema>;

export const catalogCategoryParamsSchema = z.object({
  id: idParam('accounting_firm'),
  category_id: idParam('catalog_category'),
});

// Services ---------------------------------------------------------------------------------------

/** When each occurrence of a recurring service falls due (issue 30). */
export const dueRuleSchema = z
  .object({
    kind: dueRuleKindSchema,
    /** `day_of_period`: the day of the period (1-31; a shorter month takes its last day). */
    day: z.number().int().min(1).max(31).nullable().optional(),
    /** `after_closing`: days after the client file's closing date. */
    days: z.number().int().min(0).max(366).nullable().optional(),
  })
  .strict()
  .superRefine((rule, ctx) => {
    if (rule.kind === 'day_of_period' && rule.day == null)
      ctx.addIssue({ code: 'custom', path: ['day'], message: 'required' });
    if (rule.kind === 'after_closing' && rule.days == null)
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'required' });
  });
export type DueRule = { kind: DueRuleKind; day?: number | null; days?: number | null };

/** A task of a service's template: each occurrence creates it as a sub-task. */
export const templateTaskSchema = z
  .object({
    /** Names the task inside the template (dependencies and parent refer to it). */
    key: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, { error: 'invalid-value' }),
    /** Not empty nor duplicated in the template (spec section 5). */
    title: requiredText(150),
    /** Days from the occurrence's due date (negative: before it). */
    offset_days: z.number().int().min(-366).max(366),
    assignee: z.enum(TASK_ASSIGNEES).optional(),
    /** The task it belongs to (one level); a task with sub-tasks receives no dependency. */
    parent_key: z.string().max(40).nullable().optional(),
    /** The tasks it waits for. */
    depends_on: z.array(z.string().max(40)).max(MAX_TEMPLATE_TASKS).optional(),
  })
  .strict();
export type TemplateTaskInput = z.infer<typeof templateTaskSchema>;

export const templateTaskOutSchema = z.object({
  key: z.string(),
  title: z.string(),
  offset_days: z.number().int(),
  assignee: z.enum(TASK_ASSIGNEES),
  parent_key: z.string().nullable(),
  depends_on: z.array(z.string()),
});
export type TemplateTask = z.infer<typeof templateTaskOutSchema>;

export const catalogServiceSchema = z.object({
  id: z.number().int(),
  accounting_firm_id: z.number().int(),
  category_id: z.number().int(),
  title: z.string(),
  reference: z.string().nullable(),
  abbreviation: z.string().nullable(),
  deliverable: z.string().nullable(),
  unit_price_cents: z.number().int(),
  unit: catalogUnitSchema,
  quantity: z.number().int(),
  /** `unit_price_cents` x `quantity`. */
  total_price_cents: z.number().int(),
  currency: z.literal(CATALOG_CURRENCY),
  vat_rate: z.number(),
  duration_value: z.number().int().nullable(),
  duration_unit: durationUnitSchema.nullable(),
  time_allocation_minutes: z.number().int().nullable(),
  commercial_description: z.string().nullable(),
  contractual_description: z.string().nullable(),
  visibility: catalogVisibilitySchema,
  frequency: frequencySchema,
  due_rule: z.object({
    kind: dueRuleKindSchema,
    day: z.number().int().nullable(),
    days: z.number().int().nullable(),
  }),
  lead_days: z.number().int(),
  tasks: z.array(templateTaskOutSchema),
  archived: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CatalogService = z.infer<typeof catalogServiceSchema>;

const serviceFields = {
  category_id: idField('catalog_category'),
  title: requiredText(150),
  /** Unique in the firm when given (case-insensitive). */
  reference: optionalText(50),
  /** The spec's code: unique in the firm when given (case-insensitive). */
  abbreviation: optionalText(20),
  deliverable: optionalText(500),
  unit_price_cents: cents(),
  unit: catalogUnitSchema,
  /** Default quantity (spec section 5: at least 1). */
  quantity: quantity(),
  vat_rate: vatRate(),
  duration_value: z.number().int().min(1).max(1000).nullable(),
  duration_unit: durationUnitSchema.nullable(),
  /** Minutes a period. */
  time_allocation_minutes: z.number().int().min(0).max(1_000_000).nullable(),
  /** Shown to clients. */
  commercial_description: optionalText(5000),
  /** Merged into engagement letters. */
  contractual_description: optionalText(10_000),
  visibility: catalogVisibilitySchema,
  frequency: frequencySchema,
  due_rule: dueRuleSchema,
  /** Days before the due date a task is created. */
  lead_days: z.number().int().min(0).max(366),
  tasks: z.array(templateTaskSchema).max(MAX_TEMPLATE_TASKS),
  archived: z.boolean(),
};

const serviceExample = {
  category_id: 1,
  title: 'TVA mensuelle CA3',
  reference: 'FIS-TVA-M',
  abbreviation: 'TVAM',
  unit_price_cents: 9000,
  unit: 'declaration',
  quantity: 1,
  vat_rate: 20,
  visibility: 'public',
  frequency: 'month',
  due_rule: { kind: 'vat_due_day' },
  lead_days: 10,
  commercial_description: 'Votre déclaration de TVA chaque mois.',
  tasks: [
    { key: 'collect', title: 'Collecter les pièces', offset_days: -10 },
    { key: 'file', title: 'Télédéclarer la CA3', offset_days: 0, depends_on: ['collect'] },
  ],
};

export const createCatalogServiceRequestSchema = z
  .object({
    ...serviceFields,
    reference: serviceFields.reference,
    quantity: serviceFields.quantity.optional(),
    vat_rate: serviceFields.vat_rate.optional(),
    duration_value: serviceFields.duration_value.optional(),
    duration_unit: serviceFields.duration_unit.optional(),
    time_allocation_minutes: serviceFields.time_allocation_minutes.optional(),
    visibility: serviceFields.visibility.optional(),
    frequency: serviceFields.frequency.optional(),
    due_rule: serviceFields.due_rule.optional(),
    lead_days: serviceFields.lead_days.optional(),
    tasks: serviceFields.tasks.optional(),
    archived: serviceFields.archived.optional(),
  })
  .strict()
  .meta({ example: serviceExample });
export type CreateCatalogServiceRequest = z.infer<typeof createCatalogServiceRequestSchema>;

export const updateCatalogServiceRequestSchema = z
  .object(serviceFields)
  .partial()
  .strict()
  .meta({ example: { category_id: 1, unit_price_cents: 9500, archived: false } });
export type UpdateCatalogServiceRequest = z.infer<typeof updateCatalogServiceRequestSchema>;

export const listCatalogServicesQuerySchema = z.object({
  /** Words of the title, reference or abbreviation. */
  search: text(100).optional(),
  category_id: idParam('catalog_category').optional(),
  ...pageQuery(),
});
export type ListCatalogServicesQuery = z.infer<typeof listCatalogServicesQuerySchema>;

export const catalogServiceParamsSchema = z.object({
  id: idParam('accounting_firm'),
  service_id: idParam('catalog_service'),
});

// Offers -----------------------------------------------------------------------------------------

export const catalogOfferSchema = z.object({
  id: z.number().int(),
  accounting_firm_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  category_ids: z.array(z.number().int()),
  services: z.array(
    z.object({
      service_id: z.number().int(),
      title: z.string(),
      quantity: z.number().int(),
      /** The offer's price for one unit; null: the service's. */
      unit_price_cents: z.number().int().nullable(),
      /** The unit price applied (the offer's, else the service's). */
      effective_unit_price_cents: z.number().int(),
    }),
  ),
  /** The package price; null: the sum of its services. */
  price_cents: z.number().int().nullable(),
  /** The package price, else the sum of quantity x effective unit price. */
  total_price_cents: z.number().int(),
  currency: z.literal(CATALOG_CURRENCY),
  duration_value: z.number().int().nullable(),
  duration_unit: durationUnitSchema.nullable(),
  visibility: catalogVisibilitySchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type CatalogOffer = z.infer<typeof catalogOfferSchema>;

const offerServiceSchema = z
  .object({
    service_id: idField('catalog_service'),
    quantity: quantity().optional(),
    unit_price_cents: cents().nullable().optional(),
  })
  .strict();

const offerFields = {
  /** Unique in the firm (case-insensitive). */
  name: requiredText(150),
  description: optionalText(5000),
  category_ids: z.array(idField('catalog_category')).max(50),
  /** At least one, each once. */
  services: z.array(offerServiceSchema).min(1, { error: 'offer-needs-a-service' }).max(100),
  price_cents: cents().nullable(),
  duration_value: z.number().int().min(1).max(1000).nullable(),
  duration_unit: durationUnitSchema.nullable(),
  visibility: catalogVisibilitySchema,
};

export const createCatalogOfferRequestSchema = z
  .object({
    ...offerFields,
    category_ids: offerFields.category_ids.optional(),
    price_cents: offerFields.price_cents.optional(),
    duration_value: offerFields.duration_value.optional(),
    duration_unit: offerFields.duration_unit.optional(),
    visibility: offerFields.visibility.optional(),
  })
  .strict()
  .meta({
    example: {
      name: 'Pack TPE',
      description: 'Tenue, TVA et bilan',
      category_ids: [1],
      services: [{ service_id: 1, quantity: 12, unit_price_cents: 8500 }],
      price_cents: 150000,
      duration_value: 1,
      duration_unit: 'year',
      visibility: 'public',
    },
  });
export type CreateCatalogOfferRequest = z.infer<typeof createCatalogOfferRequestSchema>;

export const updateCatalogOfferRequestSchema = z
  .object(offerFields)
  .partial()
  .strict()
  .meta({
    example: {
      category_ids: [1],
      services: [{ service_id: 1, quantity: 4 }],
      price_cents: 140000,
      visibility: 'private',
    },
  });
export type UpdateCatalogOfferRequest = z.infer<typeof updateCatalogOfferRequestSchema>;

export const listCatalogOffersQuerySchema = z.object({
  search: text(100).optional(),
  ...pageQuery(),
});
export type ListCatalogOffersQuery = z.infer<typeof listCatalogOffersQuerySchema>;

export const catalogOfferParamsSchema = z.object({
  id: idParam('accounting_firm'),
  offer_id: idParam('catalog_offer'),
});
