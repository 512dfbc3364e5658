import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../limits';

export const password = () =>
  z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .min(PASSWORD_MIN_LENGTH, { error: 'password-too-short' })
    .max(200, { error: 'too-long' })
    .refine((s) => !s.includes('\u0000'), { error: 'nul-byte' });

/** Adds the "confirmation must match" rule to an object with password + password_confirmation. */
export const withConfirmation = <
  T extends z.ZodObject<{ password: z.ZodType; password_confirmation: z.ZodType }>,
>(
  schema: T,
) =>
  schema.refine((v) => v.password === v.password_confirmation, {
    error: 'password-confirmation-mismatch',
    path: ['password_confirmation'],
  });
