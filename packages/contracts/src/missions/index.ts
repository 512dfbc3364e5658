import { z } from 'zod';
import { INT4_MAX } from '../limits';
import { idField, idParam } from '../rules/ids';
import { optionalText, requiredText } from '../rules/text';

/**
 * Missions (the spec's projects, issue 30): a client file's agreed services, from the firm's
 * catalogue, whose recurrence generates the tasks. Spec section 4: not-signed, signed, done; tasks
 * are never generated for a not-signed mission. Lists: 15 a page, by name (spec section 9).
 */
export const MISSION_STATUSES = ['not_signed', 'signed', 'done'] as const;
export const missionStatusSchema = z.enum(MISSION_STATUSES);
export type MissionStatus = z.infer<typeof missionStatusSchema>;
export const MISSIONS_PAGE_SIZE = 15;
/** The most services a mission holds. */
export const MAX_MISSION_SERVICES = 50;

const isoDate = () => z.iso.date({ error: 'invalid-date' });
const cents = () =>
  z.number().int({ error: 'invalid-amount' }).min(0, { error: 'invalid-amount' }).max(INT4_MAX);
const quantity = () => z.number().int().min(1, { error: 'quantity-at-least-one' }).max(100_000);

export const missionServiceInputSchema = z
  .object({
    service_id: idField('catalog_service'),
    /** The offer it comes from, if any (informative). */
    offer_id: idField('catalog_offer').nullable().optional(),
    quantity: quantity().optional(),
    /** Absent: the service's (or the offer's) price. */
    unit_price_cents: cents().optional(),
    /** Within the mission's dates (spec section 5); absent: the mission's. */
    start_date: isoDate().optional(),
    end_date: isoDate().optional(),
  })
  .strict();
export type MissionServiceInput = z.infer<typeof missionServiceInputSchema>;

const missionFields = {
  name: requiredText(150),
  reference: optionalText(50),
  start_date: isoDate(),
  end_date: isoDate(),
  manager_id: idField('member').nullable(),
  collaborator_ids: z.array(idField('member')).max(50),
  renewal: z.boolean(),
  recurrences: z.number().int().min(0).max(99),
  first_due_date: isoDate().nullable(),
  services: z.array(missionServiceInputSchema).max(MAX_MISSION_SERVICES),
};

const endAfterStart = (m: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx) => {
  if (m.start_date && m.end_date && m.end_date < m.start_date)
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'period-end-before-start' });
};

export const createMissionRequestSchema = z
  .object({
    ...missionFields,
    reference: missionFields.reference,
    manager_id: missionFields.manager_id.optional(),
    collaborator_ids: missionFields.collaborator_ids.optional(),
    renewal: missionFields.renewal.optional(),
    recurrences: missionFields.recurrences.optional(),
    first_due_date: missionFields.first_due_date.optional(),
  })
  .strict()
  .superRefine(endAfterStart)
  .meta({
    example: {
      name: 'Mission comptable 2027',
      reference: 'M-2027-01',
      start_date: '2027-01-01',
      end_date: '2027-12-31',
      services: [{ service_id: 1, quantity: 1 }],
    },
  });
export type CreateMissionRequest = z.infer<typeof createMissionRequestSchema>;

/** Stopping a mission: `status: "done"`; a signed mission's services are frozen (409). */
export const updateMissionRequestSchema = z
  .object({ ...missionFields, status: z.literal('done') })
  .partial()
  .strict()
  .superRefine(endAfterStart)
  .meta({
    example: { name: 'Mission comptable 2027 (révisée)', services: [{ service_id: 1, quantity: 2 }] },
  });
export type UpdateMissionRequest = z.infer<typeof updateMissionRequestSchema>;

/** Marks a mission signed, with the paper letter filed in the client file's documents. */
export const signMissionRequestSchema = z
  .object({ document_id: idField('document').nullable().optional() })
  .strict()
  .meta({ example: { document_id: 1 } });
export type SignMissionRequest = z.infer<typeof signMissionRequestSchema>;

export const missionParamsSchema = z.object({
  id: idParam('vendor'),
  mission_id: idParam('mission'),
});

export const listMissionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(INT4_MAX).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(MISSIONS_PAGE_SIZE),
  status: missionStatusSchema.optional(),
});
export type ListMissionsQuery = z.infer<typeof listMissionsQuerySchema>;

export const missionServiceSchema = z.object({
  id: z.number().int(),
  service_id: z.number().int(),
  offer_id: z.number().int().nullable(),
  title: z.string(),
  frequency: z.string(),
  quantity: z.number().int(),
  unit_price_cents: z.number().int(),
  total_cents: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
});
export type MissionService = z.infer<typeof missionServiceSchema>;

export const missionOccurrenceSchema = z.object({
  id: z.number().int(),
  mission_service_id: z.number().int(),
  period_start: z.string(),
  due_date: z.string(),
  task_id: z.number().int().nullable(),
  task_title: z.string().nullable(),
  task_status: z.string().nullable(),
  subtask_count: z.number().int(),
});
export type MissionOccurrence = z.infer<typeof missionOccurrenceSchema>;

export const missionSchema = z.object({
  id: z.number().int(),
  accounting_firm_id: z.number().int(),
  vendor_id: z.number().int(),
  company: z.string(),
  name: z.string(),
  reference: z.string().nullable(),
  status: missionStatusSchema,
  start_date: z.string(),
  end_date: z.string(),
  manager_id: z.number().int().nullable(),
  collaborator_ids: z.array(z.number().int()),
  renewal: z.boolean(),
  recurrences: z.number().int(),
  first_due_date: z.string().nullable(),
  signed_at: z.string().nullable(),
  signed_document_id: z.number().int().nullable(),
  total_cents: z.number().int(),
  currency: z.literal('EUR'),
  services: z.array(missionServiceSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Mission = z.infer<typeof missionSchema>;

export const missionDetailSchema = missionSchema.extend({
  occurrences: z.array(missionOccurrenceSchema),
});
export type MissionDetail = z.infer<typeof missionDetailSchema>;

export const generateTasksResultSchema = z.object({
  /** Occurrences created by this call (0 when everything due was already there). */
  created: z.number().int(),
  occurrences: z.array(missionOccurrenceSchema),
});
export type GenerateTasksResult = z.infer<typeof generateTasksResultSchema>;
