import { AppError } from '../errors/app-error';

/** The plugin's limit errors: the request carried more than the scope allows. */
const TOO_LARGE = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PARTS_LIMIT',
]);

/**
 * An error met while reading a multipart body, as an app error: 413 for a limit, 400 for the
 * rest (malformed body, prototype field name, client gone), which all come from the client.
 */
export function multipartError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && TOO_LARGE.has(code)) return new AppError('payload-too-large');
  return new AppError('bad-request', { message: error instanceof Error ? error.message : String(error) });
}
