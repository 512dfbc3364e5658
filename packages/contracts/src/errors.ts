import { z } from 'zod';

/**
 * Error codes of the API (spec section 8), kebab-case. The server maps each to a status and a
 * localised message; the web app translates them by code.
 */
export const ERROR_CODES = [
  'bad-request',
  'unauthenticated',
  'token-missing',
  'token-expired',
  'forbidden',
  'not-found',
  'request-timeout',
  'validation-failed',
  'too-many-requests',
  'server-error',
  'not-implemented',
  'invalid-credentials',
  'password-too-short',
  'password-confirmation-mismatch',
  'terms-not-accepted',
  'invalid-token',
  'payload-too-large',
  'unsupported-media-type',
  'accounting-period-contains-documents',
  'accounting-period-contains-inaccessible-documents',
  'invalid-parameters',
  'invalid-parent-subscription',
  'duplicate-application-vendor',
  'duplicate-param',
  'magic-mail-not-found',
  'empty-file',
  'too-much-rows',
  'duplicate-catalog-folder-instance',
  'folder-non-deletable-nodes-contained',
  'node-readonly',
  'node-rotate',
  'quickfolder-folder-already-used',
  'user-vendor-already-accountant',
  'siret-already-used',
  'email-already-used',
  'profile-incomplete',
  'accounting-period-overlap',
  'confirmation-mismatch',
  'transfer-outside-holding',
  'client-code-already-used',
  'vendor-user-email-already-used',
  'teammate-already-in-team',
  'only-admin-can-delete-access',
  'cannot-delete-own-access',
  'missing-excel-sheet',
  'bad-import-file',
  'siret-not-found',
  'terms-outdated',
  'domain-already-exists',
  'node-name-conflict',
  'node-validated',
  'document-at-root',
  'checksum-failed',
  'extension-too-long',
  'default-folder-move',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The body of every error answer: `{ message, code?, errors? }`. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
