import { z } from 'zod';
import { INT4_MAX, UPLOAD_CHUNK_SIZE } from '../limits';
import type { IdRef } from '../rules/ids';

/** Largest file accepted through the chunk protocol (bytes). */
export const UPLOAD_MAX_FILE_SIZE = 20 * 1024 * 1024 * 1024;
/** A chunk may carry up to twice the chunk size (flow.js merges the remainder into the last one). */
export const UPLOAD_MAX_CHUNK_BYTES = 2 * UPLOAD_CHUNK_SIZE;

const count = (max: number) =>
  z.coerce
    .number({ error: 'invalid-value' })
    .int({ error: 'invalid-value' })
    .min(1, { error: 'out-of-range' })
    .max(max, { error: 'out-of-range' });

/** What to do when the folder already holds a document of that name. */
export const uploadConflictSchema = z.enum(['refuse', 'version', 'rename']);
export type UploadConflict = z.infer<typeof uploadConflictSchema>;

/**
 * flow.js's identifier of an upload (its client makes it from the file's size and name). It
 * names an upload of the caller in the folder: the probe sends another tenant's (`x-ref`).
 */
const flowIdentifier = (example?: string) =>
  z
    .string({ error: 'required' })
    .regex(/^[\w.-]{1,200}$/, { error: 'invalid-value' })
    .meta({ 'x-ref': 'upload' satisfies IdRef, ...(example ? { example } : {}) });

/** The flow.js chunk fields (form fields of the POST, query of the test GET). */
export const flowChunkFieldsSchema = z.object({
  flowChunkNumber: count(INT4_MAX),
  flowChunkSize: count(UPLOAD_MAX_CHUNK_BYTES),
  flowCurrentChunkSize: count(UPLOAD_MAX_CHUNK_BYTES),
  flowTotalSize: count(UPLOAD_MAX_FILE_SIZE),
  flowIdentifier: flowIdentifier(),
  flowFilename: z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .max(1000, { error: 'too-long' }),
  flowRelativePath: z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .max(4000, { error: 'too-long' }),
  flowTotalChunks: count(100_000),
  /** MD5 of the whole file (hex), checked once assembled. */
  md5: z
    .string()
    .regex(/^[0-9a-fA-F]{32}$/, { error: 'invalid-value' })
    .transform((s) => s.toLowerCase())
    .optional(),
  conflict: uploadConflictSchema.optional(),
});
export type FlowChunkFields = z.infer<typeof flowChunkFieldsSchema>;

/** The chunk POST as the OpenAPI document shows it: the fields, then the file part. */
export const flowChunkRequestSchema = flowChunkFieldsSchema
  .extend({ file: z.string().meta({ type: 'string', format: 'binary' }) })
  .meta({
    example: {
      flowChunkNumber: 1,
      flowChunkSize: 1_048_576,
      flowCurrentChunkSize: 12,
      flowTotalSize: 12,
      flowIdentifier: '12-bilan-2025pdf',
      flowFilename: 'bilan-2025.pdf',
      flowRelativePath: 'bilan-2025.pdf',
      flowTotalChunks: 1,
      conflict: 'rename',
      file: 'chunk bytes!',
    },
  });

/** The test GET: is chunk `flowChunkNumber` of the upload `flowIdentifier` stored? */
export const flowTestQuerySchema = z
  .object({
    flowChunkNumber: count(INT4_MAX).meta({ example: 1 }),
    flowIdentifier: flowIdentifier('12-bilan-2025pdf'),
  })
  .meta({ example: { flowChunkNumber: 1, flowIdentifier: '12-bilan-2025pdf' } });

/** A chunk's answer: the document's id once the file is complete, else null. */
export const uploadChunkResponseSchema = z.object({
  data: z.object({ id: z.number().int().nullable() }),
});
/** The test GET's answer when the chunk is stored: the chunks stored so far. */
export const uploadTestResponseSchema = z.object({
  data: z.object({ chunks: z.array(z.number().int()), id: z.number().int().nullable() }),
});
