import type { ErrorBody } from '@portal/contracts';

/** A failed API call: the HTTP status (0 when the network failed) and the error body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Partial<ErrorBody> | null;

  constructor(status: number, body: Partial<ErrorBody> | null, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  get code(): string | undefined {
    return this.body?.code;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** What the user is told; `translate` gives a text for an error code or a generic key. */
export type Translate = (key: string) => string | null;

/**
 * The message of an error (spec section 8): a 422 shows the first message of the first field;
 * else the body's message, else the translated code, else a generic text by status.
 */
export function resolveErrorMessage(status: number, body: unknown, translate: Translate): string {
  if (status === 0) return translate('lost-connection') ?? 'lost-connection';
  const b = (typeof body === 'object' && body !== null ? body : {}) as Partial<ErrorBody>;
  if (status === 422 && b.errors) {
    const first = Object.values(b.errors)[0]?.[0];
    if (first) return translate(first) ?? first;
  }
  // A message that is itself a catalogue key (e.g. the code) is translated here.
  if (typeof b.message === 'string' && b.message.length > 0) return translate(b.message) ?? b.message;
  if (typeof b.code === 'string') {
    const byCode = translate(b.code);
    if (byCode) return byCode;
  }
  return translate(genericKey(status)) ?? genericKey(status);
}

/** Generic error keys by status range (a key of the errors catalogue). */
export function genericKey(status: number): string {
  switch (status) {
    case 400:
      return 'bad-request';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not-found';
    case 408:
      return 'request-timeout';
    case 422:
      return 'validation-failed';
    case 429:
      return 'too-many-requests';
    case 501:
      return 'not-implemented';
    default:
      return status >= 500 ? 'server-error' : 'bad-request';
  }
}
