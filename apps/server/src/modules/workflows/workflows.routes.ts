import {
  activateWorkflowRequestSchema,
  bulkStatusRequestSchema,
  bulkStatusResultSchema,
  createWorkflowRequestSchema,
  dataEnvelope,
  deactivateWorkflowQuerySchema,
  documentParamsSchema,
  firmIdParamsSchema,
  firmWorkflowParamsSchema,
  folderParamsSchema,
  folderWorkflowSchema,
  idParam,
  nodeStatusSchema,
  setNodeStatusRequestSchema,
  statusHistoryEntrySchema,
  updateFirmWorkflowRequestSchema,
  updateWorkflowRequestSchema,
  vendorIdParamsSchema,
  vendorWorkflowParamsSchema,
  workflowPersonSchema,
  workflowSchema,
  workflowsQuerySchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import * as nodes from './node-status.service';
import * as vendorFlows from './vendor-workflows.service';
import * as flows from './workflows.service';

const ok = dataEnvelope(z.object({ success: z.literal(true) }));
const tags = ['workflows'];
const one = dataEnvelope(workflowSchema);
const many = dataEnvelope(z.array(workflowSchema));

/** Workflows of a firm and of its client files, their activation on folders and nodes' statuses. */
export function workflowsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const firmWorkflows = '/api/accounting-firms/:id/workflows';
  const vendorWorkflows = '/api/vendors/:id/workflows';

  r.get(
    firmWorkflows,
    {
      schema: {
        tags,
        security: bearer,
        description: "The firm's workflows (usable in every client file), by name, with their statuses.",
        params: firmIdParamsSchema,
        querystring: workflowsQuerySchema,
        response: { 200: many },
      },
    },
    async (request) => ({
      data: await flows.listFirmWorkflows(ctx, requireActor(request), request.params.id, request.query),
    }),
  );
  r.post(
    firmWorkflows,
    {
      schema: {
        tags,
        security: bearer,
        description: 'Creates a firm workflow (firm administrators).',
        params: firmIdParamsSchema,
        body: createWorkflowRequestSchema,
        response: { 201: one },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await flows.createFirmWorkflow(ctx, requireActor(request), request.params.id, request.body),
      }),
  );
  r.get(
    `${firmWorkflows}/:workflow_id`,
    {
      schema: {
        tags,
        security: bearer,
        description: 'A firm workflow with its statuses and transitions.',
        params: firmWorkflowParamsSchema,
        response: { 200: one },
      },
    },
    async (request) => ({
      data: await flows.getFirmWorkflow(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.workflow_id,
      ),
    }),
  );
  r.patch(
    `${firmWorkflows}/:workflow_id`,
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Changes a firm workflow; `statuses` is the whole list (a status left out is deleted, its nodes taking the previous one).',
        params: firmWorkflowParamsSchema,
        body: updateFirmWorkflowRequestSchema,
        response: { 200: one },
      },
    },
    async (request) => ({
      data: await flows.updateFirmWorkflow(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.workflow_id,
        request.body,
      ),
    }),
  );
  r.delete(
    `${firmWorkflows}/:workflow_id`,
    {
      schema: {
        tags,
        security: bearer,
        description: 'Deletes a firm workflow: its statuses leave every node (the history keeps them).',
        params: firmWorkflowParamsSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await flows.deleteFirmWorkflow(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.workflow_id,
      );
      return { data: { success: true as const } };
    },
  );
  r.get(
    '/api/accounting-firms/:id/vendors/:vendor_id/users',
    {
      schema: {
        tags,
        security: bearer,
        description:
          'The people one may name in a workflow of the client file: its firm members and client users.',
        params: z.object({ id: idParam('accounting_firm'), vendor_id: idParam('vendor') }),
        response: { 200: dataEnvelope(z.array(workflowPersonSchema)) },
      },
    },
    async (request) => ({
      data: await flows.workflowPeople(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.vendor_id,
      ),
    }),
  );

  r.get(
    vendorWorkflows,
    {
      schema: {
        tags,
        security: bearer,
        description: "The client file's workflows and the firm's it may use, those the caller may see.",
        params: vendorIdParamsSchema,
        querystring: workflowsQuerySchema,
        response: { 200: many },
      },
    },
    async (request) => ({
      data: await vendorFlows.listVendorWorkflows(
        ctx,
        requireActor(request),
        request.params.id,
        request.query,
      ),
    }),
  );
  r.post(
    vendorWorkflows,
    {
      schema: {
        tags,
        security: bearer,
        description:
          "Creates a workflow of the client file (firm administrators; its administrator unless the firm is an accountant's).",
        params: vendorIdParamsSchema,
        body: createWorkflowRequestSchema,
        response: { 201: one },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await vendorFlows.createVendorWorkflow(
          ctx,
          requireActor(request),
          request.params.id,
          request.body,
        ),
      }),
  );
  r.get(
    `${vendorWorkflows}/:workflow_id`,
    {
      schema: {
        tags,
        security: bearer,
        description: 'A workflow the client file may use (its own or the firm’s).',
        params: vendorWorkflowParamsSchema,
        response: { 200: one },
      },
    },
    async (request) => ({
      data: await vendorFlows.getVendorWorkflow(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.workflow_id,
      ),
    }),
  );
  r.patch(
    `${vendorWorkflows}/:workflow_id`,
    {
      schema: {
        tags,
        security: bearer,
        description: 'Changes a workflow of the client file (see the firm route for `statuses`).',
        params: vendorWorkflowParamsSchema,
        body: updateWorkflowRequestSchema,
        response: { 200: one },
      },
    },
    async (request) => ({
      data: await vendorFlows.updateVendorWorkflow(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.workflow_id,
        request.body,
      ),
    }),
  );
  r.delete(
    `${vendorWorkflows}/:workflow_id`,
    {
      schema: {
        tags,
        security: bearer,
        description: 'Deletes a workflow of the client file.',
        params: vendorWorkflowParamsSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await vendorFlows.deleteVendorWorkflow(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.workflow_id,
      );
      return { data: { success: true as const } };
    },
  );

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
      data: await nodes.folderWorkflow(
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
      data: await nodes.activateWorkflow(
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
      data: await nodes.deactivateWorkflow(
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

  // New documents (uploads, copies) start at the initial status of their folder's workflow.
  ctx.events.on('document.created', (event) => nodes.startNewDocument(ctx, event));
  // Moved ones restart at the initial status of another workflow they land under.
  ctx.events.on('nodes.moved', (event) => nodes.resetMoved(ctx, event));
}
