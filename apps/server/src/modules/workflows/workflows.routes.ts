import {
  createWorkflowRequestSchema,
  dataEnvelope,
  firmIdParamsSchema,
  firmWorkflowParamsSchema,
  idParam,
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
import type { Actor } from '../../platform/auth/sessions';
import { bearer, type TypedApp, typed } from '../../platform/http/route-helpers';
import * as firmFlows from './firm-workflows.service';
import { nodeStatusRoutes } from './node-status.routes';
import * as vendorFlows from './vendor-workflows.service';

const ok = dataEnvelope(z.object({ success: z.literal(true) }));
const tags = ['workflows'];
const one = dataEnvelope(workflowSchema);
const many = dataEnvelope(z.array(workflowSchema));

type Workflow = z.infer<typeof workflowSchema>;
type Create = z.infer<typeof createWorkflowRequestSchema>;
type Update = z.infer<typeof updateWorkflowRequestSchema>;
type Query = z.infer<typeof workflowsQuerySchema>;

/** The five routes of an owner's workflows (the firm's, or a client file's), written once. */
type OwnerRoutes = {
  base: string;
  params: typeof firmIdParamsSchema | typeof vendorIdParamsSchema;
  itemParams: typeof firmWorkflowParamsSchema | typeof vendorWorkflowParamsSchema;
  update: typeof updateFirmWorkflowRequestSchema | typeof updateWorkflowRequestSchema;
  text: { list: string; get: string; create: string; update: string; remove: string };
  list(actor: Actor, id: number, query: Query): Promise<Workflow[]>;
  get(actor: Actor, id: number, workflowId: number): Promise<Workflow>;
  create(actor: Actor, id: number, body: Create): Promise<Workflow>;
  change(actor: Actor, id: number, workflowId: number, body: Update): Promise<Workflow>;
  remove(actor: Actor, id: number, workflowId: number): Promise<void>;
};

function ownerRoutes(r: TypedApp, o: OwnerRoutes): void {
  const item = `${o.base}/:workflow_id`;
  r.get(
    o.base,
    {
      schema: {
        tags,
        security: bearer,
        description: o.text.list,
        params: o.params,
        querystring: workflowsQuerySchema,
        response: { 200: many },
      },
    },
    async (request) => ({ data: await o.list(requireActor(request), request.params.id, request.query) }),
  );
  r.post(
    o.base,
    {
      schema: {
        tags,
        security: bearer,
        description: o.text.create,
        params: o.params,
        body: createWorkflowRequestSchema,
        response: { 201: one },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await o.create(requireActor(request), request.params.id, request.body) }),
  );
  r.get(
    item,
    {
      schema: {
        tags,
        security: bearer,
        description: o.text.get,
        params: o.itemParams,
        response: { 200: one },
      },
    },
    async (request) => ({
      data: await o.get(requireActor(request), request.params.id, request.params.workflow_id),
    }),
  );
  r.patch(
    item,
    {
      schema: {
        tags,
        security: bearer,
        description: o.text.update,
        params: o.itemParams,
        body: o.update,
        response: { 200: one },
      },
    },
    async (request) => ({
      data: await o.change(
        requireActor(request),
        request.params.id,
        request.params.workflow_id,
        request.body,
      ),
    }),
  );
  r.delete(
    item,
    {
      schema: {
        tags,
        security: bearer,
        description: o.text.remove,
        params: o.itemParams,
        response: { 200: ok },
      },
    },
    async (request) => {
      await o.remove(requireActor(request), request.params.id, request.params.workflow_id);
      return { data: { success: true as const } };
    },
  );
}

/** Workflows of a firm and of its client files, their activation on folders and nodes' statuses. */
export function workflowsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  ownerRoutes(r, {
    base: '/api/accounting-firms/:id/workflows',
    params: firmIdParamsSchema,
    itemParams: firmWorkflowParamsSchema,
    update: updateFirmWorkflowRequestSchema,
    text: {
      list: "The firm's workflows (usable in every client file), by name, with their statuses.",
      get: 'A firm workflow with its statuses and transitions.',
      create: 'Creates a firm workflow (firm administrators).',
      update:
        'Changes a firm workflow; `statuses` is the whole list (a status left out is deleted, its nodes taking the previous one).',
      remove: 'Deletes a firm workflow: its statuses leave every node (the history keeps them).',
    },
    list: (actor, id, query) => firmFlows.listFirmWorkflows(ctx, actor, id, query),
    get: (actor, id, workflowId) => firmFlows.getFirmWorkflow(ctx, actor, id, workflowId),
    create: (actor, id, body) => firmFlows.createFirmWorkflow(ctx, actor, id, body),
    change: (actor, id, workflowId, body) => firmFlows.updateFirmWorkflow(ctx, actor, id, workflowId, body),
    remove: (actor, id, workflowId) => firmFlows.deleteFirmWorkflow(ctx, actor, id, workflowId),
  });
  ownerRoutes(r, {
    base: '/api/vendors/:id/workflows',
    params: vendorIdParamsSchema,
    itemParams: vendorWorkflowParamsSchema,
    update: updateWorkflowRequestSchema,
    text: {
      list: "The client file's workflows and the firm's it may use, those the caller may see.",
      get: 'A workflow the client file may use (its own or the firm’s).',
      create:
        "Creates a workflow of the client file (firm administrators; its administrator unless the firm is an accountant's).",
      update: 'Changes a workflow of the client file (see the firm route for `statuses`).',
      remove: 'Deletes a workflow of the client file.',
    },
    list: (actor, id, query) => vendorFlows.listVendorWorkflows(ctx, actor, id, query),
    get: (actor, id, workflowId) => vendorFlows.getVendorWorkflow(ctx, actor, id, workflowId),
    create: (actor, id, body) => vendorFlows.createVendorWorkflow(ctx, actor, id, body),
    change: (actor, id, workflowId, body) =>
      vendorFlows.updateVendorWorkflow(ctx, actor, id, workflowId, body),
    remove: (actor, id, workflowId) => vendorFlows.deleteVendorWorkflow(ctx, actor, id, workflowId),
  });
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
      data: await firmFlows.workflowPeople(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.vendor_id,
      ),
    }),
  );
  nodeStatusRoutes(r, ctx);
}
