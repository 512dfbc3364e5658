import {
  dataEnvelope,
  deleteNodeQuerySchema,
  deleteNodesRequestSchema,
  documentParamsSchema,
  folderParamsSchema,
  nodeSchema,
  nodesOutcomeSchema,
  nodesQuerySchema,
  paginated,
  restoreNodesRequestSchema,
  vendorDocumentsParamsSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { requireActor } from '../../../platform/auth/auth-plugin';
import { bearer, typed } from '../../../platform/http/route-helpers';
import * as service from './trash.service';

/** Deletion to the trash, the trash, restoring and emptying it. */
export function trashRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = { tags: ['documents: trash'], security: bearer };
  const forced =
    'To the trash. Validated documents, read-only folders and their content answer `node-validated` ' +
    '(a folder holding any: `folder-non-deletable-nodes-contained`) unless `force=true` (firm members). ' +
    "A folder holding subfolders the caller's themes hide or leave read-only: 403 `theme-restricted-content`.";
  r.delete(
    '/api/vendors/:id/documents/:document_id',
    {
      schema: {
        ...tags,
        description: forced,
        params: documentParamsSchema,
        querystring: deleteNodeQuerySchema,
      },
    },
    async (q, reply) => {
      const { id, document_id } = q.params;
      await service.deleteDocument(ctx, requireActor(q), id, document_id, q.query.force ?? false);
      return reply.status(204).send();
    },
  );
  r.delete(
    '/api/vendors/:id/folders/:folder_id',
    {
      schema: {
        ...tags,
        description: forced,
        params: folderParamsSchema,
        querystring: deleteNodeQuerySchema,
      },
    },
    async (q, reply) => {
      const { id, folder_id } = q.params;
      await service.deleteFolder(ctx, requireActor(q), id, folder_id, q.query.force ?? false);
      return reply.status(204).send();
    },
  );
  r.post(
    '/api/vendors/:id/nodes/delete',
    {
      schema: {
        ...tags,
        description:
          'A selection to the trash in one transaction; protected items are left and listed as skipped ' +
          '("deletion failed, validated items not deleted").',
        params: vendorDocumentsParamsSchema,
        body: deleteNodesRequestSchema,
        response: { 200: dataEnvelope(nodesOutcomeSchema) },
      },
    },
    async (q) => ({ data: await service.deleteNodes(ctx, requireActor(q), q.params.id, q.body) }),
  );
  r.get(
    '/api/vendors/:id/trash',
    {
      schema: {
        ...tags,
        params: vendorDocumentsParamsSchema,
        querystring: nodesQuerySchema,
        response: { 200: paginated(nodeSchema) },
      },
    },
    async (q) => service.trashList(ctx, requireActor(q), q.params.id, q.query),
  );
  r.post(
    '/api/vendors/:id/trash/restore',
    {
      schema: {
        ...tags,
        description:
          'Back to the original place; missing parents are recreated. Client users restore only what they ' +
          "deleted themselves (403 otherwise). A folder whose deletion took along subfolders the caller's " +
          'themes hide or leave read-only: 403 `theme-restricted-content`.',
        params: vendorDocumentsParamsSchema,
        body: restoreNodesRequestSchema,
        response: { 200: dataEnvelope(nodesOutcomeSchema) },
      },
    },
    async (q) => ({ data: await service.restore(ctx, requireActor(q), q.params.id, q.body) }),
  );
  r.delete(
    '/api/vendors/:id/trash',
    {
      schema: {
        ...tags,
        description:
          'Deletes the trash for good: firm administrators and collaborators with write access; 403 ' +
          "`theme-restricted-content` while it holds items the caller's themes hide or leave read-only.",
        params: vendorDocumentsParamsSchema,
      },
    },
    async (q, reply) => {
      await service.emptyTrash(ctx, requireActor(q), q.params.id);
      return reply.status(204).send();
    },
  );
}
