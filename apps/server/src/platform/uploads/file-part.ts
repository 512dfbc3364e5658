import { buffer } from 'node:stream/consumers';
import type { ErrorCode } from '@portal/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../errors/app-error';
import { multipartError } from './multipart-errors';
import { boundaryOf, type FilePartHead, MultipartReader } from './multipart-reader';
import { multipartLimitsOf } from './multipart-scope';

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
  /**
   * The file is the body's last part and its content ends only once the body closes (`--` CRLF):
   * a request cut short after the file's bytes fails (400) before the sink sees the content end.
   */
  last?: boolean;
};

/** The file part's description and the text fields sent before it. */
export type FilePart = {
  /** The client's name, without its path; never use it as a path. */
  filename: string;
  mimetype: string;
  fields: Record<string, string>;
};

/** A file part's bytes, pieces as they arrive. */
export type FileContent = AsyncGenerator<Buffer, void, undefined>;

/** Field names that would reach an object's prototype: refused like a broken body. */
const PROTO_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

function addField(fields: Record<string, string>, name: string, value: string, code: ErrorCode): void {
  if (PROTO_NAMES.has(name)) throw new AppError('bad-request', { message: `field name ${name} refused` });
  if (Object.hasOwn(fields, name)) throw fieldError(code, name, 'invalid-value');
  fields[name] = value;
}

function accepts(rules: FilePartRules, file: FilePartHead): boolean {
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
  reader: MultipartReader,
  rules: FilePartRules,
  fields: Record<string, string>,
): Promise<FilePartHead> {
  const code = rules.errorCode ?? 'validation-failed';
  let file: FilePartHead | null = null;
  try {
    for (let part = await reader.next(); part; part = await reader.next()) {
      if (part.kind === 'file') {
        file = part;
        break;
      }
      addField(fields, part.name, part.value, code);
    }
  } catch (error) {
    throw multipartError(error, code);
  }
  if (file?.name !== rules.field) throw fieldError(code, rules.field, 'required');
  if (!accepts(rules, file)) throw fieldError(code, rules.field, 'invalid-value');
  return file;
}

/** The file's bytes as they arrive; past `maxBytes` 413, a broken body 400. */
async function* fileContent(reader: MultipartReader, maxBytes: number, last = false): FileContent {
  try {
    yield* reader.content(maxBytes);
    if (last) await reader.expectClose();
  } catch (error) {
    throw multipartError(error);
  }
}

/**
 * Streams the request's file part to `sink` without holding it in memory. The sink receives the
 * part's description first (validate `fields` there before reading) and the content, which fails
 * with an `AppError` (413 past `maxBytes`, 400 for a broken body): a sink writing somewhere must
 * clean up when its content fails. Errors the sink throws itself pass through unchanged. Fields
 * sent after the file are not read. Whatever the client still sends once the sink is done (an
 * early answer, a refused file) is dropped, so that the answer reaches a client still uploading
 * and the connection stays usable.
 */
export async function streamFilePart<T>(
  request: FastifyRequest,
  rules: FilePartRules,
  sink: (file: FilePart, content: FileContent) => Promise<T>,
): Promise<T> {
  const limits = multipartLimitsOf(request);
  const code = rules.errorCode ?? 'validation-failed';
  const contentType = request.headers['content-type'];
  const boundary = boundaryOf(contentType);
  if (!boundary) {
    if (/^multipart\/form-data/i.test(contentType ?? ''))
      throw new AppError('bad-request', { message: 'multipart body without a boundary' });
    throw fieldError(code, rules.field, 'required');
  }
  const reader = new MultipartReader(request.raw, boundary, limits);
  try {
    const fields: Record<string, string> = {};
    const part = await firstFilePart(reader, rules, fields);
    const file = { filename: part.filename, mimetype: part.mimetype, fields };
    return await sink(file, fileContent(reader, rules.maxBytes, rules.last));
  } finally {
    reader.release();
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
