import type { ErrorCode } from '@portal/contracts';

/** HTTP status of each error code; one exhaustive map. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  'bad-request': 400,
  unauthenticated: 401,
  'token-missing': 401,
  'token-expired': 401,
  forbidden: 403,
  'not-found': 404,
  'request-timeout': 408,
  'validation-failed': 422,
  'too-many-requests': 429,
  'server-error': 500,
  'not-implemented': 501,
  'invalid-credentials': 422,
  'password-too-short': 422,
  'password-confirmation-mismatch': 422,
  'terms-not-accepted': 422,
  'invalid-token': 422,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  'accounting-period-contains-documents': 422,
  'accounting-period-contains-inaccessible-documents': 422,
  'invalid-parameters': 422,
  'invalid-parent-subscription': 422,
  'duplicate-application-vendor': 422,
  'duplicate-param': 422,
  'magic-mail-not-found': 422,
  'empty-file': 422,
  'too-much-rows': 422,
  'duplicate-catalog-folder-instance': 422,
  'folder-non-deletable-nodes-contained': 422,
  'node-readonly': 403,
  'node-rotate': 422,
  'quickfolder-folder-already-used': 422,
  'quickfolder-needs-folder': 409,
  'user-vendor-already-accountant': 422,
  'siret-already-used': 422,
  'email-already-used': 422,
  'profile-incomplete': 403,
  'accounting-period-overlap': 422,
  'confirmation-mismatch': 422,
  'transfer-outside-holding': 422,
  'client-code-already-used': 422,
  'vendor-user-email-already-used': 422,
  'teammate-already-in-team': 422,
  'only-admin-can-delete-access': 403,
  'cannot-delete-own-access': 403,
  'missing-excel-sheet': 422,
  'bad-import-file': 422,
  'siret-not-found': 404,
  'terms-outdated': 422,
  'domain-already-exists': 422,
  'node-name-conflict': 422,
  'node-validated': 403,
  'document-at-root': 422,
  'checksum-failed': 422,
  'extension-too-long': 422,
  'task-title-already-used': 422,
  'task-invalid-parent': 422,
  'task-dependency-cycle': 422,
  'task-dependency-other-vendor': 422,
  'task-parent-cannot-depend': 422,
  'task-dependencies-not-done': 422,
  'task-member-unknown': 422,
  'theme-not-found': 422,
  'theme-title-already-used': 422,
  'flag-name-already-used': 422,
  'product-name-already-used': 422,
  'invalid-nps-form': 422,
  'theme-abbreviation-already-used': 422,
  'theme-read-only': 403,
  'theme-restricted-content': 403,
  'share-password-required': 403,
  'share-password-invalid': 403,
  'theme-in-use': 422,
  'theme-private-to-firm': 422,
  'task-not-information-request': 422,
  'default-folder-move': 422,
  'invalid-mfa-code': 422,
  'two-factor-already-enabled': 422,
  'two-factor-not-enabled': 422,
  'magic-links-disabled': 403,
  'password-sign-in-required': 403,
  'cannot-revoke-own-sessions': 403,
  'person-in-other-portals': 403,
  'quota-exceeded': 422,
  'legal-hold': 422,
  'workflow-name-already-used': 422,
  'workflow-status-name-duplicate': 422,
  'workflow-status-key-duplicate': 422,
  'workflow-transition-invalid': 422,
  'workflow-transition-forbidden': 403,
  'workflow-user-unknown': 422,
  'workflow-status-not-found': 422,
  'workflow-inactive': 422,
  'workflow-needs-a-status': 422,
  'workflow-private-vendor-on-firm': 422,
  'workflow-not-on-folder': 422,
  'pkcs12-invalid-password': 422,
  'pkcs12-unreadable': 422,
  'certificate-expired': 422,
  'certificate-key-too-weak': 422,
  'certificate-usage': 422,
  'signature-pdf-only': 422,
  'pdf-encrypted': 422,
  'pdf-unreadable': 422,
  'pdf-too-large': 422,
  'filename-too-long': 422,
  'signatory-already-exists': 422,
  'one-signature-per-signatory': 422,
  'signatory-not-allowed': 422,
  'signature-request-not-draft': 409,
  'not-your-turn': 403,
  'already-signed': 409,
  'signature-request-closed': 409,
  'signing-link-expired': 410,
  'invalid-otp': 422,
  'category-name-already-used': 422,
  'category-not-empty': 409,
  'catalog-reference-already-used': 422,
  'catalog-abbreviation-already-used': 422,
  'service-in-use': 409,
  'catalog-category-not-found': 422,
  'catalog-service-not-found': 422,
  'mission-not-signed': 422,
  'mission-signed': 409,
  'mission-done': 409,
  'mission-service-dates': 422,
  'mission-member-not-allowed': 422,
  'offer-name-already-used': 422,
  'template-task-name-duplicate': 422,
  'template-task-unknown': 422,
  'insufficient-signature-balance': 402,
  'document-in-signature': 409,
  'signature-reminded-recently': 429,
  'signature-request-not-in-error': 409,
  'signature-code-required': 422,
};

/** Field errors: field path -> message keys (translated when the error is written). */
export type FieldErrors = Record<string, string[]>;

/** The one error type of the services: a spec code, optionally with field errors. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields?: FieldErrors;
  /** For a 429: the seconds left, sent as `Retry-After` and told in the message. */
  readonly retryAfterSeconds?: number;

  constructor(
    code: ErrorCode,
    options: { fields?: FieldErrors; message?: string; retryAfterSeconds?: number } = {},
  ) {
    super(options.message ?? code);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** 429 saying how long to wait (`Retry-After`, and the message in words). */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError('too-many-requests', { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });

export const notFound = () => new AppError('not-found');
export const forbidden = () => new AppError('forbidden');

/** A 422 naming one field, its message being a code or a validation key. */
export const fieldError = (code: ErrorCode, field: string, key: string = code) =>
  new AppError(code, { fields: { [field]: [key] } });
