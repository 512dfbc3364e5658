import { z } from 'zod';

/** A string that refuses NUL bytes (global input rule) and stays within `max` characters. */
export const text = (max = 255) =>
  z
    .string()
    .max(max, { error: 'too-long' })
    .refine((s) => !s.includes('\u0000'), { error: 'nul-byte' });

/** A required, trimmed, non-empty string. */
export const requiredText = (max = 255) =>
  z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(max, { error: 'too-long' })
    .refine((s) => !s.includes('\u0000'), { error: 'nul-byte' });

export const email = () =>
  z
    .string({ error: 'required' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'required' })
    .max(254, { error: 'too-long' })
    .pipe(z.email({ error: 'invalid-email' }));

/** Colour: six hex digits with or without '#', normalised to '#rrggbb'. */
export const colour = () =>
  z
    .string()
    .regex(/^#?[0-9a-fA-F]{6}$/, { error: 'invalid-color' })
    .transform((s) => (s.startsWith('#') ? s : `#${s}`).toLowerCase());

/** Names of persons and companies: no control characters nor '/'. */
export const personName = (max = 100) =>
  requiredText(max).refine((s) => !/[\u0000-\u001f/]/.test(s), { error: 'invalid-characters' });

/** Company names and client codes: no special characters (spec section 5). */
export const companyName = (max = 150) =>
  requiredText(max).refine((s) => /^[\p{L}\p{N}\p{Zs}'’&.,()+-]+$/u.test(s), { error: 'invalid-characters' });

export const clientCode = () =>
  requiredText(30).refine((s) => /^[\p{L}\p{N}_-]+$/u.test(s), { error: 'invalid-characters' });

/** An optional text field: absent, null, or a string within `max`. Empty strings become null. */
export const optionalText = (max = 255) =>
  text(max)
    .transform((s) => (s.trim() === '' ? null : s.trim()))
    .nullable()
    .optional();
