import {
  flowChunkRequestSchema,
  flowTestQuerySchema,
  folderParamsSchema,
  UPLOAD_MAX_CHUNK_BYTES,
  uploadChunkResponseSchema,
  uploadTestResponseSchema,
} from '@portal/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../../app-context';
import { requireActor } from '../../../platform/auth/auth-plugin';
import { bearer, typed } from '../../../platform/http/route-helpers';
import { streamFilePart } from '../../../platform/uploads/file-part';
import { documentedBodyOnly, registerMultipart } from '../../../platform/uploads/multipart-scope';
import * as service from './uploads.service';

/** The flow.js chunk endpoint and its test GET. Multipart stays in this scope. */
export function uploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    await registerMultipart(scope);
    const r = typed(scope);
    const tags = { tags: ['documents: uploads'], security: bearer };
    r.post(
      '/api/vendors/:id/folders/:folder_id/uploads',
      {
        validatorCompiler: documentedBodyOnly,
        schema: {
          ...tags,
          consumes: ['multipart/form-data'],
          description:
            'One chunk of the flow.js protocol: the flow fields as form fields, then the file part `file` ' +
            '(at most twice flowChunkSize). Optional `md5` (hex, of the whole file, checked once assembled) ' +
            'and `conflict` (`refuse`: 422 `node-name-conflict` when the folder holds a document of that ' +
            'name; `version`: a new version of it; `rename`: a new document named "name (2).ext"). ' +
            'flowRelativePath creates its folders. The chunk completing the file answers the document id.',
          params: folderParamsSchema,
          body: flowChunkRequestSchema,
          response: { 200: uploadChunkResponseSchema },
        },
      },
      async (q) => {
        const actor = requireActor(q);
        const uploadScope = await service.authorizeUpload(ctx, actor, q.params.id);
        const data = await streamFilePart(
          q,
          { field: 'file', maxBytes: UPLOAD_MAX_CHUNK_BYTES },
          (file, content) => service.receiveChunk(ctx, uploadScope, q.params.folder_id, file.fields, content),
        );
        return { data };
      },
    );
    r.get(
      '/api/vendors/:id/folders/:folder_id/uploads',
      {
        schema: {
          ...tags,
          description:
            "flow.js's test of a chunk: 200 with the chunks stored (and the document id once complete) " +
            'when chunk flowChunkNumber of flowIdentifier is stored, 204 when it must be sent.',
          params: folderParamsSchema,
          querystring: flowTestQuerySchema,
          response: { 200: uploadTestResponseSchema },
        },
      },
      async (q, reply) => {
        const found = await service.testChunk(
          ctx,
          requireActor(q),
          q.params.id,
          q.params.folder_id,
          q.query.flowIdentifier,
          q.query.flowChunkNumber,
        );
        // 204 has no body, hence no response schema.
        if (!found) return (reply as unknown as FastifyReply).status(204).send();
        return { data: found };
      },
    );
  });
}
