import {
  activateWorkflowRequestSchema,
  bulkStatusRequestSchema,
  bulkStatusResultSchema,
  dataEnvelope,
  deactivateWorkflowQuerySchema,
  documentParamsSchema,
  folderParamsSchema,
  folderWorkflowSchema,
  nodeStatusSchema,
  setNodeStatusRequestSchema,
  statusHistoryEntrySchema,
  vendorIdParamsSchema,
} from '@portal/contracts';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, type TypedApp } from '../../platform/http/route-helpers';
import * as folders from './folder-workflows.service';
import * as nodes from './node-status.service';

const tags = ['workflows'];

/** A workflow's activation on folders, and the statuses of documents and folders (one or in bulk). */
export function nodeStatusRoutes(r: TypedApp, ctx: AppContext): void {
  const folderWorkflow = '/api/vendors/:id/folders/:folder_id/workflow';
  r.get(
    folderWorkflow,
    {
      schema: {
        tags,
        security: bearer,
        description:
          'The workflow applying to a folder (its own or the nearest ancestor’s) and the subtree’s counts per status.',
        params: folderParamsSchema,
        response: { 200: dataEnvelope(folderWorkflowSchema) },
      },
    },
    async (request) => ({
      data: await folders.folderWorkflow(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.folder_id,
      ),
    }),
  );
  r.put(
    folderWorkflow,
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Activates a workflow on the folder and its subtree; `apply_to=existing_documents` gives what is there the initial status.',
        params: folderParamsSchema,
        body: activateWorkflowRequestSchema,
        response: { 200: dataEnvelope(folderWorkflowSchema) },
      },
    },
    async (request) => ({
      data: await folders.activateWorkflow(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.folder_id,
        request.body,
      ),
    }),
  );
  r.delete(
    folderWorkflow,
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Deactivates the folder’s workflow: `all_content` clears the statuses below, `folders_only` keeps the documents’.',
        params: folderParamsSchema,
        querystring: deactivateWorkflowQuerySchema,
        response: { 200: dataEnvelope(folderWorkflowSchema) },
      },
    },
    async (request) => ({
      data: await folders.deactivateWorkflow(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.folder_id,
        request.query.scope ?? 'all_content',
      ),
    }),
  );

  for (const type of ['document', 'folder'] as const) {
    const path =
      type === 'document' ? '/api/vendors/:id/documents/:document_id' : '/api/vendors/:id/folders/:folder_id';
    const params = type === 'document' ? documentParamsSchema : folderParamsSchema;
    const nodeOf = (p: { document_id?: number; folder_id?: number }) => ({
      type,
      id: (type === 'document' ? p.document_id : p.folder_id)!,
    });
    r.get(
      `${path}/status`,
      {
        schema: {
          tags,
          security: bearer,
          description: `The ${type}'s status, its workflow and the statuses the caller may move it to now.`,
          params,
          response: { 200: dataEnvelope(nodeStatusSchema) },
        },
      },
      async (request) => ({
        data: await nodes.nodeStatus(ctx, requireActor(request), request.params.id, nodeOf(request.params)),
      }),
    );
    r.put(
      `${path}/status`,
      {
        schema: {
          tags,
          security: bearer,
          description: `Moves the ${type} to a status, along a transition the caller may make.`,
          params,
          body: setNodeStatusRequestSchema,
          response: { 200: dataEnvelope(nodeStatusSchema) },
        },
      },
      async (request) => ({
        data: await nodes.setNodeStatus(
          ctx,
          requireActor(request),
          request.params.id,
          nodeOf(request.params),
          request.body,
        ),
      }),
    );
    r.get(
      `${path}/status-history`,
      {
        schema: {
          tags,
          security: bearer,
          description: `Every change of the ${type}'s status the caller may see, newest first.`,
          params,
          response: { 200: dataEnvelope(z.array(statusHistoryEntrySchema)) },
        },
      },
      async (request) => ({
        data: await nodes.statusHistory(
          ctx,
          requireActor(request),
          request.params.id,
          nodeOf(request.params),
        ),
      }),
    );
  }

  r.post(
    '/api/vendors/:id/nodes/status',
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Moves documents and folders to one status, all or nothing (the refused ones are named).',
        params: vendorIdParamsSchema,
        body: bulkStatusRequestSchema,
        response: { 200: dataEnvelope(bulkStatusResultSchema) },
      },
    },
    async (request) => ({
      data: await nodes.bulkSetStatus(ctx, requireActor(request), request.params.id, request.body),
    }),
  );
}
