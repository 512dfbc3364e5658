import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerOpenApi } from '../../src/platform/http/openapi';
import { typed } from '../../src/platform/http/route-helpers';
import { readFilePart } from '../../src/platform/uploads/file-part';
import { documentedBodyOnly, registerMultipart } from '../../src/platform/uploads/multipart-scope';
import { Multipart, type Operation, operationsOf, probeRequest, sampleBody } from './operations';
import type { TenantIds } from './tenant-world';

/**
 * A multipart route declared the way the flow.js chunk upload will be (a contract with an example,
 * `consumes: ['multipart/form-data']`), on a bare app with the real OpenAPI set-up: the probe must
 * build its body (form fields and a file part) from the document alone.
 */
const flowChunkRequestSchema = z
  .object({
    flowChunkNumber: z.coerce.number().int().min(1),
    flowChunkSize: z.coerce.number().int().min(1),
    flowCurrentChunkSize: z.coerce.number().int().min(1),
    flowTotalSize: z.coerce.number().int().min(1),
    flowIdentifier: z.string().min(1),
    flowFilename: z.string().min(1),
    flowRelativePath: z.string().min(1),
    flowTotalChunks: z.coerce.number().int().min(1),
    file: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }),
  })
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
      file: 'chunk bytes!',
    },
  });

const ids = { vendor: 41, folder: 42 } as unknown as TenantIds;
let app: FastifyInstance;
let operation: Operation;

beforeAll(async () => {
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerOpenApi(app);
  await app.register(async (scope) => {
    await registerMultipart(scope);
    typed(scope).post(
      '/api/vendors/:vendor_id/folders/:folder_id/uploads',
      {
        validatorCompiler: documentedBodyOnly,
        schema: {
          consumes: ['multipart/form-data'],
          params: z.object({
            vendor_id: z.coerce.number().meta({ 'x-ref': 'vendor' }),
            folder_id: z.coerce.number().meta({ 'x-ref': 'folder' }),
          }),
          body: flowChunkRequestSchema,
        },
      },
      async (request) => {
        const part = await readFilePart(request, { field: 'file', maxBytes: 1024 });
        const { file, ...fields } = flowChunkRequestSchema.parse({ ...part.fields, file: part.buffer });
        return { params: request.params, fields, file: file.toString() };
      },
    );
  });
  await app.ready();
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  operation = operationsOf(doc).find((op) => op.path.endsWith('/uploads'))!;
});
afterAll(() => app.close());

describe('a multipart operation with an example on its contract', () => {
  it('is read from the document as multipart, with its example', () => {
    expect(operation).toMatchObject({
      key: 'POST /api/vendors/{vendor_id}/folders/{folder_id}/uploads',
      bodyType: 'multipart',
    });
    expect(operation.body?.properties?.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(operation.examples).toHaveLength(1);
  });

  it('gets a multipart sample: a file part from the binary field, form fields from the others', async () => {
    const sample = await sampleBody(operation, ids);
    expect(sample).toBeInstanceOf(Multipart);
    const { parts } = sample as Multipart;
    expect(parts.file).toEqual({
      filename: 'blob',
      contentType: 'application/octet-stream',
      content: 'chunk bytes!',
    });
    expect(parts.flowChunkNumber).toBe('1');
    expect(parts.flowFilename).toBe('bilan-2025.pdf');
  });

  it('is called with a body the route parses and validates', async () => {
    const res = await app.inject(await probeRequest(operation, ids));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      params: { vendor_id: 41, folder_id: 42 },
      fields: {
        flowChunkNumber: 1,
        flowChunkSize: 1_048_576,
        flowCurrentChunkSize: 12,
        flowTotalSize: 12,
        flowIdentifier: '12-bilan-2025pdf',
        flowFilename: 'bilan-2025.pdf',
        flowRelativePath: 'bilan-2025.pdf',
        flowTotalChunks: 1,
      },
      file: 'chunk bytes!',
    });
  });
});
