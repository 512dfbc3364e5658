import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/** Per-request caps of a multipart scope; the file size is set by each read (`maxBytes`). */
export type MultipartLimits = {
  /** File parts per request (more are skipped). */
  files?: number;
  /** Text fields per request; more answers 413. */
  fields?: number;
  /** Bytes per text field value; more answers 422 `too-long`. */
  fieldSize?: number;
};

/** Room for the flow.js chunk fields (flowChunkNumber...) and a few query parameters. */
const DEFAULTS: Required<MultipartLimits> = { files: 1, fields: 32, fieldSize: 16 * 1024 };

/**
 * Registers `@fastify/multipart` in `scope` (an encapsulated plugin context), so multipart
 * parsing exists only for the routes declared there; read the file with `readFilePart` or
 * `streamFilePart`.
 */
export async function registerMultipart(scope: FastifyInstance, limits: MultipartLimits = {}): Promise<void> {
  const { files, fields, fieldSize } = { ...DEFAULTS, ...limits };
  await scope.register(multipart, { limits: { files, fields, fieldSize, parts: files + fields } });
}
