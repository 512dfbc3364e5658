import type { ErrorCode } from '../errors';

/** Validation message keys produced by the contracts' zod schemas. */
export type ValidationKey =
  | 'required'
  | 'too-long'
  | 'too-short'
  | 'nul-byte'
  | 'invalid-email'
  | 'invalid-color'
  | 'invalid-characters'
  | 'invalid-id'
  | 'invalid-cursor'
  | 'invalid-value'
  | 'invalid-phone'
  | 'invalid-post-code'
  | 'invalid-date'
  | 'invalid-type'
  | 'out-of-range'
  | 'unknown-field'
  | 'invalid-siren'
  | 'invalid-siret'
  | 'invalid-iban'
  | 'invalid-bic'
  | 'invalid-duns'
  | 'invalid-vat-day'
  | 'identifier-required'
  | 'period-end-before-start'
  | 'last-admin'
  | 'invalid-image'
  | 'image-too-large'
  | 'svg-external-reference'
  | 'invalid-domain'
  | 'invalid-issuer'
  | 'private-issuer'
  | 'provider-name-taken'
  | 'password-too-weak'
  | 'password-personal-info'
  | 'current-password-invalid'
  | 'invalid-name'
  | 'invalid-path'
  | 'chunk-size-mismatch'
  | 'invalid-chunk-number'
  | 'folder-into-itself'
  | 'too-many'
  | 'consent-required'
  | 'signature-field-too-small'
  | 'signature-field-off-page'
  | 'signature-page-missing'
  | 'signature-image-invalid'
  | 'file-share-password-forbidden-character'
  | 'too-many-file-share-passwords'
  | 'invalid-amount'
  | 'quantity-at-least-one'
  | 'offer-needs-a-service'
  | 'dav-folder-part-twice'
  | 'not-your-workspace';

/** Messages that are neither a code nor a field's: `{{name}}` placeholders filled by `translateMessage`. */
export type NoticeKey = 'too-many-requests-wait';

export type MessageKey = ErrorCode | ValidationKey | NoticeKey;

export type Catalogue = Record<MessageKey, string>;
