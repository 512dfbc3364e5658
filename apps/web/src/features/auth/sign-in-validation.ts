import { type LoginRequest, loginRequestSchema } from '@portal/contracts';

export type LoginFields = { email: string; password: string };
/** Each field's first error: a message key of the `errors` catalogue. */
export type LoginErrors = Partial<Record<keyof LoginFields, string>>;

/**
 * Checks the sign-in form with the contracts' schema, as the other forms' zod resolver does: the
 * request (trimmed, lower-cased email), or the first error of each field. Loaded only once the
 * visitor starts typing: zod stays out of the sign-in page's first load.
 */
export function validateLogin(values: LoginFields): { request: LoginRequest } | { errors: LoginErrors } {
  const result = loginRequestSchema.safeParse(values);
  if (result.success) return { request: result.data };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}
