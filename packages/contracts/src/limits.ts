/** Business constants and limits (spec section 9). */
export const APP_VERSION = '1.59.3';
export const IMPORT_MAX_ROWS = 500;
export const PASSWORD_MIN_LENGTH = 8;
/** zxcvbn score a new password needs (0-4; 3: "safely unguessable", about 10^8 guesses and more). */
export const PASSWORD_MIN_SCORE = 3;
export const SIREN_LENGTH = 9;
export const SIRET_LENGTH = 14;
export const POST_CODE_LENGTH = 5;
export const VAT_DUE_DAY_MIN = 1;
export const VAT_DUE_DAY_MAX = 31;
export const MAX_COMPANY_NUMBER = 1_000_000_000;
export const TASKS_PAGE_SIZE = 15;
export const PROJECTS_PAGE_SIZE = 15;
export const SA_APPLICATIONS_PAGE_SIZE = 10;
export const UPDATE_CHECK_INTERVAL_MS = 5 * 60 * 1000;
export const DOCUMENT_LIST_REFRESH_MS = 60_000;
export const UPLOAD_CHUNK_SIZE = 5_242_880;
export const UPLOAD_CONCURRENT_CHUNKS = 5;
export const UPLOAD_MAX_CONCURRENT = 4;
export const UPLOAD_CHUNK_RETRIES = 1;
export const HASH_WORKERS = 4;
export const MAX_CONCURRENT_REQUESTS = 50;
export const FILE_NAME_SHORTEN_AT = 191;
export const FILE_NAME_SHORTEN_TO = 190;
export const FILE_NAME_MAX = 254;
export const SIGNATURE_MIN_WIDTH = 960;
export const LOCALES = ['fr', 'en', 'pt'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fr';

/** Session lifetimes (issue 2). */
export const ACCESS_TOKEN_TTL_SECONDS = 2 * 60 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/** A rotated refresh token presented again this soon answers the same new pair (two tabs). */
export const REFRESH_REUSE_GRACE_SECONDS = 30;
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
export const INVITATION_TTL_SECONDS = 14 * 24 * 60 * 60;
/**
 * Password attempts (sign-in, and the current password of a change) are throttled on failures
 * over SIGN_IN_WINDOW_SECONDS, without ever locking an account: per account and address, delays
 * double from 1 s once 5 failures are in the window (up to 15 min); per account, from 1 s once 10
 * are (up to 1 min), except from an address the account signed in from in the last 30 days; per
 * address, whatever the account, 100 failures.
 */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const SIGN_IN_ACCOUNT_ADDRESS_FREE_FAILURES = 5;
export const SIGN_IN_ACCOUNT_ADDRESS_MAX_DELAY_SECONDS = 15 * 60;
export const SIGN_IN_ACCOUNT_FREE_FAILURES = 10;
export const SIGN_IN_ACCOUNT_MAX_DELAY_SECONDS = 60;
export const SIGN_IN_ADDRESS_MAX_FAILURES = 100;
export const SIGN_IN_FIRST_DELAY_SECONDS = 1;
/**
 * Second-factor codes (TOTP or recovery) have their own failure counter per account, which no
 * password clears: over a day, delays double from 1 min once 5 failures are in the window (up to
 * 1 h). One `mfa_token` takes at most MFA_TOKEN_MAX_FAILURES wrong codes, then it is spent.
 */
export const SECOND_FACTOR_WINDOW_SECONDS = 24 * 60 * 60;
export const SECOND_FACTOR_FREE_FAILURES = 5;
export const SECOND_FACTOR_FIRST_DELAY_SECONDS = 60;
export const SECOND_FACTOR_MAX_DELAY_SECONDS = 60 * 60;
export const MFA_TOKEN_MAX_FAILURES = 5;

/**
 * Invitation mails (team members, client users, a new portal's administrator): at most this many
 * per sender and per recipient over the window; past it the answer is 429 with Retry-After.
 * Client file creation (one administrator per new client file, the import included) has its own,
 * larger allowance per sender: an import may hold 500 rows.
 */
export const INVITATION_WINDOW_SECONDS = 60 * 60;
// 50: a firm onboarding its team and its clients' users invites dozens in an hour (20 was met by
// one administrator's ordinary afternoon); the cap still stops a flood of mails.
export const INVITATIONS_PER_SENDER = 50;
export const INVITATIONS_PER_RECIPIENT = 5;
export const CLIENT_FILE_INVITATIONS_PER_SENDER = 500;

/** Default white-label colours: green primary, dark blue secondary (spec section 3). */
export const DEFAULT_PRIMARY_COLOR = '#2e7d32';
export const DEFAULT_SECONDARY_COLOR = '#0d2b4e';
export const DEFAULT_PRODUCT_NAME = 'Portail';

/** Postgres int4 range: every id in the API stays inside it. */
export const INT4_MAX = 2_147_483_647;
