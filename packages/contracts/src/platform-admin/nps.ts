import { z } from 'zod';
import { optionalText, requiredText } from '../rules/text';

/**
 * The satisfaction survey's settings (spec sections 3 and 9: enable, hide the message, the
 * survey's JSON form, minimum days between two surveys, closes before never asking again,
 * collection id).
 */

const questionId = z.string().regex(/^[a-z][a-z0-9_]{0,31}$/);

/** One 0–10 question and optional comment questions, ids unique. */
export const npsFormSchema = z
  .object({
    questions: z
      .array(
        z.discriminatedUnion('type', [
          z.object({ type: z.literal('score'), id: questionId, label: requiredText(300) }).strict(),
          z
            .object({
              type: z.literal('comment'),
              id: questionId,
              label: requiredText(300),
              required: z.boolean().optional(),
            })
            .strict(),
        ]),
      )
      .min(1)
      .max(10),
  })
  .strict()
  .refine((f) => f.questions.filter((q) => q.type === 'score').length === 1, {
    error: 'invalid-nps-form',
  })
  .refine((f) => new Set(f.questions.map((q) => q.id)).size === f.questions.length, {
    error: 'invalid-nps-form',
  });
export type NpsForm = z.infer<typeof npsFormSchema>;

export const DEFAULT_NPS_FORM: NpsForm = {
  questions: [
    {
      type: 'score',
      id: 'score',
      label: 'Quelle est la probabilité que vous recommandiez ce portail à un proche ?',
    },
    { type: 'comment', id: 'comment', label: 'Pourquoi cette note ?' },
  ],
};

export const npsSettingsSchema = z.object({
  enabled: z.boolean(),
  hide_message: z.boolean(),
  form: npsFormSchema,
  min_days: z.number().int(),
  rejection_count: z.number().int(),
  collection_id: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type NpsSettings = z.infer<typeof npsSettingsSchema>;

/** The form is checked by the server against `npsFormSchema` (422 `invalid-nps-form` on `form`). */
export const putNpsSettingsRequestSchema = z
  .object({
    enabled: z.boolean({ error: 'required' }),
    hide_message: z.boolean({ error: 'required' }),
    form: z.unknown(),
    min_days: z
      .number({ error: 'required' })
      .int()
      .min(1, { error: 'too-small' })
      .max(3650, { error: 'too-big' }),
    rejection_count: z
      .number({ error: 'required' })
      .int()
      .min(1, { error: 'too-small' })
      .max(100, { error: 'too-big' }),
    collection_id: optionalText(100).optional(),
  })
  .strict()
  .meta({
    example: {
      enabled: true,
      hide_message: false,
      form: DEFAULT_NPS_FORM,
      min_days: 90,
      rejection_count: 3,
      collection_id: null,
    },
  });
export type PutNpsSettingsRequest = z.infer<typeof putNpsSettingsRequestSchema>;
