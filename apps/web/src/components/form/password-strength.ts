import { zodResolver } from '@hookform/resolvers/zod';
import type { PasswordOwner } from '@portal/contracts/rules/password-strength';
import { useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

type StrengthModule = typeof import('@portal/contracts/rules/password-strength');

let loading: Promise<StrengthModule> | undefined;

/**
 * The contracts' password strength check (zxcvbn and its dictionaries, a few hundred KB), loaded
 * on first use: only the password screens call this, so none of it is in the sign-in page's code.
 */
export const loadPasswordStrength = (): Promise<StrengthModule> =>
  (loading ??= import('@portal/contracts/rules/password-strength'));

/** Starts loading the check when a password screen opens, so it is ready when the form is sent. */
export function usePasswordStrengthPreload(): void {
  useEffect(() => {
    void loadPasswordStrength();
  }, []);
}

/**
 * A resolver for a form whose values are a request with `password`: the request schema, then the
 * strength check the server runs (too easy to guess, or the person's email or names), so the
 * form tells it before sending. Its errors are message keys of the `errors` catalogue.
 */
export function strongPasswordResolver<T extends FieldValues, O extends FieldValues = T>(
  schema: z.ZodType<{ password: string }>,
  owner: PasswordOwner,
): Resolver<T, unknown, O> {
  return async (values, context, options) => {
    const { withStrongPassword } = await loadPasswordStrength();
    const resolver = zodResolver(withStrongPassword(schema, owner) as never) as unknown as Resolver<
      T,
      unknown,
      O
    >;
    return resolver(values, context, options);
  };
}
