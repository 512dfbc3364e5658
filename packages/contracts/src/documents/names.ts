import { z } from 'zod';
import { FILE_NAME_MAX, FILE_NAME_SHORTEN_AT, FILE_NAME_SHORTEN_TO } from '../limits';
import { FORBIDDEN_NAME_CHARS } from './name-rules';

export { FORBIDDEN_NAME_CHARS, numberedFreeName } from './name-rules';

/** The extension of a file name, lowercase, without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** A folder or document name typed by a user: trimmed, not empty, no forbidden character. */
export const nodeName = () =>
  z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(FILE_NAME_MAX, { error: 'too-long' })
    .refine((s) => !FORBIDDEN_NAME_CHARS.test(s), { error: 'invalid-name' })
    .refine((s) => s !== '.' && s !== '..', { error: 'invalid-name' });

/**
 * The name an uploaded file gets (spec section 5): a name of 191 characters or more is cut to
 * 190 keeping its extension; `extension-too-long` when the extension leaves no character.
 * Forbidden characters and empty names answer `invalid-name` / `required`.
 */
export function fitFileName(
  raw: string,
): { name: string } | { error: 'required' | 'invalid-name' | 'extension-too-long' } {
  const name = raw.trim();
  if (name === '') return { error: 'required' };
  if (FORBIDDEN_NAME_CHARS.test(name) || name === '.' || name === '..') return { error: 'invalid-name' };
  const chars = [...name];
  if (chars.length < FILE_NAME_SHORTEN_AT) return { name };
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? [...name.slice(dot)] : [];
  const room = FILE_NAME_SHORTEN_TO - ext.length;
  if (room < 1) return { error: 'extension-too-long' };
  return { name: [...chars.slice(0, room), ...ext].join('').trim() };
}
