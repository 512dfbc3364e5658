import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/** The first message key of each field of a failed parse (the path joined with dots). */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'root';
    out[key] ??= issue.message;
  }
  return out;
}

/** A react-hook-form resolver: builds the payload, checks it with `schema`, errors by field. */
export function payloadResolver<T extends FieldValues>(
  build: (values: T) => unknown,
  schema: ZodType,
): Resolver<T> {
  return async (values) => {
    const result = schema.safeParse(build(values));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [name, message] of Object.entries(issuesByField(result.error.issues)))
      errors[name] = { type: 'validate', message };
    return { values: {}, errors: errors as unknown as FieldErrors<T> };
  };
}

/** The field errors of a 422 answer: the first message of each field; null when none. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  const e = error as { status?: number; body?: { errors?: Record<string, string[]> } | null } | null;
  if (e?.status !== 422 || !e.body?.errors) return null;
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(e.body.errors)) {
    const first = messages[0];
    if (first) out[field.replace(/^body\./, '')] = first;
  }
  return Object.keys(out).length > 0 ? out : null;
}
