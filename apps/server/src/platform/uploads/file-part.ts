import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { ErrorCode } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../errors/app-error';
import { multipartError } from './multipart-errors';

/** What one upload route accepts. */
export type FilePartRules = {
  /** The multipart field carrying the file; another first file part answers 422 `required`. */
  field: string;
  /** Largest file accepted; a larger one answers 413 `payload-too-large`. */
  maxBytes: number;
  /**
   * Accepted when the file's name ends with one of `extensions` (without the dot) or its declared
   * type is one of `types`; neither given: any file. Both come from the client: check content too.
   */
  extensions?: readonly string[];
  types?: readonly string[];
  /** Code of the 422 answers (missing or refused file, bad field); `validation-failed` by default. */
  errorCode?: ErrorCode;
};

/** The file part's description and the text fields sent before it. */
export type FilePart = {
  /** The client's name, without its path; never use it as a path. */
  filename: string;
  mimetype: string;
  fields: Record<string, string>;
};

function addField(fields: Record<string, string>, part: MultipartValue, code: ErrorCode): void {
  const name = part.fieldname;
  if (part.fieldnameTruncated || part.valueTruncated) throw fieldError(code, name, 'too-long');
  if (typeof part.value !== 'string' || Object.hasOwn(fields, name)) {
    throw fieldError(code, name, 'invalid-value');
  }
  fields[name] = part.value;
}

function accepts(rules: FilePartRules, file: MultipartFile): boolean {
  const { extensions, types } = rules;
  if (!extensions && !types) return true;
  const name = file.filename.toLowerCase();
  return (
    (extensions ?? []).some((ext) => name.endsWith(`.${ext.toLowerCase()}`)) ||
    (types ?? []).includes(file.mimetype.toLowerCase())
  );
}

/** Reads the fields up to the first file part and checks that part against the rules. */
async function firstFilePart(
  request: FastifyRequest,
  rules: FilePartRules,
  fields: Record<string, string>,
): Promise<MultipartFile> {
  const code = rules.errorCode ?? 'validation-failed';
  if (typeof request.isMultipart !== 'function') {
    throw new Error("multipart is not registered in this route's scope: call registerMultipart()");
  }
  if (!request.isMultipart()) throw fieldError(code, rules.field, 'required');
  let file: MultipartFile | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: rules.maxBytes } })) {
      if (part.type === 'file') {
        file = part;
        break;
      }
      addField(fields, part, code);
    }
  } catch (error) {
    throw multipartError(error);
  }
  if (file?.fieldname !== rules.field) throw fieldError(code, rules.field, 'required');
  if (!accepts(rules, file)) throw fieldError(code, rules.field, 'invalid-value');
  return file;
}

/** The file's bytes; the parser cuts a file at `maxBytes` silently: that fails here with 413. */
async function* withinLimit(file: MultipartFile['file']): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of file) {
      if (file.truncated) throw new AppError('payload-too-large');
      yield chunk as Buffer;
    }
  } catch (error) {
    throw multipartError(error);
  }
  if (file.truncated) throw new AppError('payload-too-large');
}

/**
 * Stops parsing and drops whatever the client still sends, so that an early answer (a refused
 * file, a failed sink) reaches a client that is still uploading and the connection stays usable.
 */
function discardRest(request: FastifyRequest): void {
  request.raw.unpipe();
  request.raw.resume();
}

/**
 * Streams the request's file part to `sink` without holding it in memory. The sink receives the
 * part's description first (validate `fields` there before reading) and the content, which fails
 * with an `AppError` (413 past `maxBytes`, 400 for a broken body): a sink writing somewhere must
 * clean up when its stream fails. Errors the sink throws itself pass through unchanged. Fields
 * sent after the file are not read.
 */
export async function streamFilePart<T>(
  request: FastifyRequest,
  rules: FilePartRules,
  sink: (file: FilePart, content: Readable) => Promise<T>,
): Promise<T> {
  try {
    const fields: Record<string, string> = {};
    const part = await firstFilePart(request, rules, fields);
    const file = { filename: part.filename, mimetype: part.mimetype, fields };
    return await sink(file, Readable.from(withinLimit(part.file), { objectMode: false }));
  } finally {
    discardRest(request);
  }
}

/** Reads the request's file part whole: for small files only (an import workbook), never documents. */
export function readFilePart(
  request: FastifyRequest,
  rules: FilePartRules,
): Promise<FilePart & { buffer: Buffer }> {
  return streamFilePart(request, rules, async (file, content) => ({
    ...file,
    buffer: await buffer(content),
  }));
}
