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
