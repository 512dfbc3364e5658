import type { ErrorCode } from '@portal/contracts';
import { AppError, fieldError } from '../errors/app-error';
import { MultipartError } from './multipart-reader';

/**
 * An error met while reading a multipart body, as an app error: 413 for a limit, 422 `too-long`
 * for a long field, 400 for the rest (malformed body, client gone), which all come from the client.
 */
export function multipartError(error: unknown, code: ErrorCode = 'validation-failed'): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof MultipartError) {
    if (error.kind === 'too-large') return new AppError('payload-too-large');
    if (error.kind === 'field-too-long') return fieldError(code, error.field ?? 'file', 'too-long');
  }
  return new AppError('bad-request', { message: error instanceof Error ? error.message : String(error) });
}
