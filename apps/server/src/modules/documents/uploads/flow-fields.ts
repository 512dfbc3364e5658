/** The flow.js fields of a chunk: parsed, checked, and the names and folders they give. */
import {
  type FlowChunkFields,
  FORBIDDEN_NAME_CHARS,
  fitFileName,
  flowChunkFieldsSchema,
} from '@portal/contracts';
import { AppError, fieldError } from '../../../platform/errors/app-error';

/** The zod problems of the flow fields, in the spec's 422 format. */
export function parseFields(raw: Record<string, string>): FlowChunkFields {
  if (raw.flowTotalSize === '0') throw fieldError('empty-file', 'flowTotalSize', 'empty-file');
  const parsed = flowChunkFieldsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || 'file';
    fields[key] = [
      ...(fields[key] ?? []),
      issue.code === 'invalid_type' && raw[key] === undefined ? 'required' : issue.message,
    ];
  }
  throw new AppError('validation-failed', { fields });
}

/** flow.js: `max(floor(total / chunk), 1)` chunks, the last one taking the remainder. */
export function checkNumbers(f: FlowChunkFields): void {
  const expectedChunks = Math.max(1, Math.floor(f.flowTotalSize / f.flowChunkSize));
  if (f.flowTotalChunks !== expectedChunks)
    throw fieldError('validation-failed', 'flowTotalChunks', 'invalid-value');
  if (f.flowChunkNumber > f.flowTotalChunks)
    throw fieldError('validation-failed', 'flowChunkNumber', 'invalid-chunk-number');
  const expectedSize =
    f.flowChunkNumber < f.flowTotalChunks
      ? f.flowChunkSize
      : f.flowTotalSize - (f.flowTotalChunks - 1) * f.flowChunkSize;
  if (f.flowCurrentChunkSize !== expectedSize)
    throw fieldError('validation-failed', 'flowCurrentChunkSize', 'chunk-size-mismatch');
}

/** The folders of a relative path ('a/b/file.pdf' -> ['a', 'b']); absolute paths and '..' refused. */
export function pathFolders(relativePath: string): string[] {
  const bad = () => fieldError('validation-failed', 'flowRelativePath', 'invalid-path');
  if (
    /^([/\\]|[A-Za-z]:)/.test(relativePath) ||
    relativePath.includes('\\') ||
    relativePath.includes('\u0000')
  )
    throw bad();
  const parts = relativePath.split('/');
  parts.pop();
  for (const part of parts) {
    if (
      part.trim() === '' ||
      part === '.' ||
      part === '..' ||
      FORBIDDEN_NAME_CHARS.test(part) ||
      part.length > 254
    )
      throw bad();
  }
  return parts.map((p) => p.trim());
}

export function fileName(raw: string): string {
  const fitted = fitFileName(raw);
  if ('error' in fitted) {
    if (fitted.error === 'extension-too-long') throw fieldError('extension-too-long', 'flowFilename');
    throw fieldError('validation-failed', 'flowFilename', fitted.error);
  }
  return fitted.name;
}
