import {
  createFolderRequestSchema,
  dataEnvelope,
  folderNodesQuerySchema,
  folderParamsSchema,
  folderSchema,
  folderTreeQuerySchema,
  nodeSchema,
  paginated,
  updateFolderRequestSchema,
  vendorDocumentsParamsSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { requireActor } from '../../../platform/auth/auth-plugin';
import { bearer, typed } from '../../../platform/http/route-helpers';
import * as service from './folders.service';

/** The folder tree of a client file and the content of its folders. */
export function folderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = { tags: ['documents: folders'], security: bearer };
  r.get(
    '/api/vendors/:id/folders',
    {
      schema: {
        ...tags,
        params: vendorDocumentsParamsSchema,
        querystring: folderTreeQuerySchema,
        response: { 200: dataEnvelope(z.array(folderSchema)) },
      },
    },
    async (q) => ({ data: await service.tree(ctx, requireActor(q), q.params.id, q.query.parent_id) }),
  );
  r.post(
    '/api/vendors/:id/folders',
    {
      schema: {
        ...tags,
        params: vendorDocumentsParamsSchema,
        body: createFolderRequestSchema,
        response: { 201: dataEnvelope(folderSchema) },
      },
    },
    async (q, reply) =>
      reply.status(201).send({ data: await service.createFolder(ctx, requireActor(q), q.params.id, q.body) }),
  );
  r.get(
    '/api/vendors/:id/folders/:folder_id',
    { schema: { ...tags, params: folderParamsSchema, response: { 200: dataEnvelope(folderSchema) } } },
    async (q) => ({
      data: await service.getFolder(ctx, requireActor(q), q.params.id, q.params.folder_id),
    }),
  );
  r.patch(
    '/api/vendors/:id/folders/:folder_id',
    {
      schema: {
        ...tags,
        params: folderParamsSchema,
        body: updateFolderRequestSchema,
        response: { 200: dataEnvelope(folderSchema) },
      },
    },
    async (q) => ({
      data: await service.updateFolder(ctx, requireActor(q), q.params.id, q.params.folder_id, q.body),
    }),
  );
  r.get(
    '/api/vendors/:id/folders/:folder_id/nodes',
    {
      schema: {
        ...tags,
        params: folderParamsSchema,
        querystring: folderNodesQuerySchema,
        response: { 200: paginated(nodeSchema) },
      },
    },
    async (q) => service.listNodes(ctx, requireActor(q), q.params.id, q.params.folder_id, q.query),
  );
}
