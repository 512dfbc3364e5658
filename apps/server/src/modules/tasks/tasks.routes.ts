import {
  answerTaskItemRequestSchema,
  createTaskRequestSchema,
  dataEnvelope,
  homeQuerySchema,
  homeSchema,
  listTasksQuerySchema,
  paginated,
  taskCompanySchema,
  taskCountersSchema,
  taskFiltersQuerySchema,
  taskIdParamsSchema,
  taskItemInputSchema,
  taskItemParamsSchema,
  taskItemSchema,
  taskListItemSchema,
  taskSchema,
  updateTaskItemRequestSchema,
  updateTaskRequestSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import * as requests from './information-requests.service';
import { taskAdminModeRoutes } from './task-admin-mode.routes';
import { taskDocumentsRoutes } from './task-documents.routes';
import * as lists from './task-lists.service';
import * as tasks from './tasks.service';

const ok = dataEnvelope(z.object({ success: z.literal(true) }));
const success = { data: { success: true as const } };

export function tasksRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ['tasks'];
  const one = { 200: dataEnvelope(taskSchema) };
  const item = { 200: dataEnvelope(taskItemSchema) };

  r.get(
    '/api/tasks',
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Tasks and information requests of a firm, 15 a page, grouped per company (sorted by name) then by due date. Firm members see their client files (every one in `adminMode`, administrators only); client users their companies, never internal tasks.',
        querystring: listTasksQuerySchema,
        response: { 200: paginated(taskListItemSchema) },
      },
    },
    async (request) => lists.listTasks(ctx, requireActor(request), request.query),
  );

  r.get(
    '/api/tasks/counters',
    {
      schema: {
        tags,
        security: bearer,
        description: "The list's counts per status and overdue, under its filters but the statuses (badges).",
        querystring: taskFiltersQuerySchema,
        response: { 200: dataEnvelope(taskCountersSchema) },
      },
    },
    async (request) => ({ data: await lists.taskCounters(ctx, requireActor(request), request.query) }),
  );

  r.get(
    '/api/tasks/companies',
    {
      schema: {
        tags,
        security: bearer,
        description: "The list's counts per company, under its filters but the companies.",
        querystring: taskFiltersQuerySchema,
        response: { 200: dataEnvelope(z.array(taskCompanySchema)) },
      },
    },
    async (request) => ({ data: await lists.taskCompanies(ctx, requireActor(request), request.query) }),
  );

  r.post(
    '/api/tasks',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Creates a task (firm members); `title`, `type`, `status` and `vendor_id` suffice.',
        body: createTaskRequestSchema,
        response: { 201: dataEnvelope(taskSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await tasks.createTask(ctx, requireActor(request), request.body) }),
  );

  r.get(
    '/api/tasks/:id',
    { schema: { tags, security: bearer, params: taskIdParamsSchema, response: one } },
    async (request) => ({ data: await tasks.getTask(ctx, requireActor(request), request.params.id) }),
  );

  r.patch(
    '/api/tasks/:id',
    {
      schema: {
        tags,
        security: bearer,
        params: taskIdParamsSchema,
        body: updateTaskRequestSchema,
        response: one,
      },
    },
    async (request) => ({
      data: await tasks.updateTask(ctx, requireActor(request), request.params.id, request.body),
    }),
  );

  r.delete(
    '/api/tasks/:id',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Deletes a task with its sub-tasks and items.',
        params: taskIdParamsSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await tasks.deleteTask(ctx, requireActor(request), request.params.id);
      return success;
    },
  );

  r.post(
    '/api/tasks/:id/items',
    {
      schema: {
        tags,
        security: bearer,
        description: 'Adds an item (a document or an answer) to an information request.',
        params: taskIdParamsSchema,
        body: taskItemInputSchema,
        response: { 201: dataEnvelope(taskItemSchema) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await requests.addItem(ctx, requireActor(request), request.params.id, request.body) }),
  );

  r.patch(
    '/api/tasks/:id/items/:itemId',
    {
      schema: {
        tags,
        security: bearer,
        params: taskItemParamsSchema,
        body: updateTaskItemRequestSchema,
        response: item,
      },
    },
    async (request) => ({
      data: await requests.updateItem(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.itemId,
        request.body,
      ),
    }),
  );

  r.delete(
    '/api/tasks/:id/items/:itemId',
    { schema: { tags, security: bearer, params: taskItemParamsSchema, response: { 200: ok } } },
    async (request) => {
      await requests.deleteItem(ctx, requireActor(request), request.params.id, request.params.itemId);
      return success;
    },
  );

  r.put(
    '/api/tasks/:id/items/:itemId/answer',
    {
      schema: {
        tags,
        security: bearer,
        description:
          "The client's answer to one item of an information request (text; files come with the documents).",
        params: taskItemParamsSchema,
        body: answerTaskItemRequestSchema,
        response: item,
      },
    },
    async (request) => ({
      data: await requests.answerItem(
        ctx,
        requireActor(request),
        request.params.id,
        request.params.itemId,
        request.body,
      ),
    }),
  );

  r.get(
    '/api/home',
    {
      schema: {
        tags: ['home'],
        security: bearer,
        description:
          "The home page in one request: the firm's tasks due today and overdue and its information requests waiting on clients; for a client user, what the firm is waiting for.",
        querystring: homeQuerySchema,
        response: { 200: dataEnvelope(homeSchema) },
      },
    },
    async (request) => ({ data: await lists.home(ctx, requireActor(request), request.query) }),
  );

  taskDocumentsRoutes(app, ctx);
  taskAdminModeRoutes(app, ctx);
}
