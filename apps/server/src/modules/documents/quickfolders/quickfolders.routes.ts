import {
  createQuickfolderSchema,
  dataEnvelope,
  firmIdParamsSchema,
  QUICKFOLDER_DROP_MAX_BYTES,
  quickfolderDropRequestSchema,
  quickfolderDropSchema,
  quickfolderParamsSchema,
  quickfolderSchema,
  updateQuickfolderSchema,
  vendorDocumentsParamsSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { requireActor } from '../../../platform/auth/auth-plugin';
import { bearer, typed } from '../../../platform/http/route-helpers';
import { streamFilePart } from '../../../platform/uploads/file-part';
import { documentedBodyOnly, registerMultipart } from '../../../platform/uploads/multipart-scope';
import * as service from './quickfolders.service';

/** Quick-drop folders: the firm administrators' CRUD, the drop targets a person sees, the drop. */
export function quickfolderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = { tags: ['documents: quick-drop folders'], security: bearer };
  const one = dataEnvelope(quickfolderSchema);
  const list = dataEnvelope(z.array(quickfolderSchema));

  r.get(
    '/api/accounting-firms/:id/quickfolders',
    {
      schema: {
        ...tags,
        description:
          "Every quick-drop folder of the firm's client files, disabled ones (`needs_folder`) included (firm administrators).",
        params: firmIdParamsSchema,
        response: { 200: list },
      },
    },
    async (q) => ({ data: await service.listOfFirm(ctx, requireActor(q), q.params.id) }),
  );
  r.get(
    '/api/vendors/:id/quickfolders',
    {
      schema: {
        ...tags,
        description:
          'The quick-drop folders the caller may drop into: enabled, their folder visible and writable to them (empty for guests).',
        params: vendorDocumentsParamsSchema,
        response: { 200: list },
      },
    },
    async (q) => ({ data: await service.listForDrop(ctx, requireActor(q), q.params.id) }),
  );
  r.post(
    '/api/vendors/:id/quickfolders',
    {
      schema: {
        ...tags,
        description:
          'A quick-drop folder bound to a folder of the client file, with its automations. One per folder: 422 `quickfolder-folder-already-used`.',
        params: vendorDocumentsParamsSchema,
        body: createQuickfolderSchema,
        response: { 201: one },
      },
    },
    async (q, reply) =>
      reply.status(201).send({ data: await service.create(ctx, requireActor(q), q.params.id, q.body) }),
  );
  r.patch(
    '/api/vendors/:id/quickfolders/:quickfolder_id',
    {
      schema: {
        ...tags,
        description:
          'Changes a quick-drop folder; `folder_id` rebinds it (a quick-drop that needs a folder is enabled again).',
        params: quickfolderParamsSchema,
        body: updateQuickfolderSchema,
        response: { 200: one },
      },
    },
    async (q) => ({
      data: await service.update(ctx, requireActor(q), q.params.id, q.params.quickfolder_id, q.body),
    }),
  );
  r.delete(
    '/api/vendors/:id/quickfolders/:quickfolder_id',
    {
      schema: {
        ...tags,
        description: 'Deletes a quick-drop folder (its folder and documents stay).',
        params: quickfolderParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (q, reply) => {
      await service.remove(ctx, requireActor(q), q.params.id, q.params.quickfolder_id);
      return reply.code(204).send(null);
    },
  );

  app.register(async (scope) => {
    await registerMultipart(scope);
    typed(scope).post(
      '/api/vendors/:id/quickfolders/:quickfolder_id/drop',
      {
        validatorCompiler: documentedBodyOnly,
        schema: {
          ...tags,
          consumes: ['multipart/form-data'],
          description:
            'Drops one file (part `file`) on the quick-drop folder: filed in its folder, renamed by its pattern ("name (2)" on a clash), with its period and themes, in one transaction. The file is the last part: a body cut short answers 400 and files nothing. 409 `quickfolder-needs-folder` when its folder is in the trash.',
          params: quickfolderParamsSchema,
          body: quickfolderDropRequestSchema,
          response: { 201: dataEnvelope(quickfolderDropSchema) },
        },
      },
      async (q, reply) => {
        const target = await service.authorizeDrop(
          ctx,
          requireActor(q),
          q.params.id,
          q.params.quickfolder_id,
        );
        const data = await streamFilePart(
          q,
          { field: 'file', maxBytes: QUICKFOLDER_DROP_MAX_BYTES, last: true },
          (file, content) => service.drop(ctx, target, file, content),
        );
        return reply.status(201).send({ data });
      },
    );
  });
}
