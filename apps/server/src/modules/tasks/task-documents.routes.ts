import {
  dataEnvelope,
  linkTaskDocumentsRequestSchema,
  taskDocumentParamsSchema,
  taskDocumentSchema,
  taskIdParamsSchema,
  taskItemDocumentParamsSchema,
  taskItemParamsSchema,
  taskItemSchema,
  taskUploadFolderSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import * as files from './task-documents.service';

const ok = dataEnvelope(z.object({ success: z.literal(true) }));
const success = { data: { success: true as const } };

/** A task's files: where to upload them, then link, list and unlink (documents are never deleted). */
export function taskDocumentsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = ['tasks'];
  const list = { 200: dataEnvelope(z.array(taskDocumentSchema)) };

  r.post(
    '/api/tasks/:id/upload-folder',
    {
      schema: {
        tags,
        security: bearer,
        description:
          'The client file\'s folder where the task\'s files are uploaded (root-level "Échanges", made on first use): upload with `POST /api/vendors/{vendor_id}/folders/{folder_id}/uploads` (conflict `rename`), then link the document ids. Those who may answer the task.',
        params: taskIdParamsSchema,
        response: { 200: dataEnvelope(taskUploadFolderSchema) },
      },
    },
    async (q) => ({ data: await files.uploadFolder(ctx, requireActor(q), q.params.id) }),
  );

  r.get(
    '/api/tasks/:id/attachments',
    {
      schema: {
        tags,
        security: bearer,
        description: "The task's attachments: documents of its client file not in the trash.",
        params: taskIdParamsSchema,
        response: list,
      },
    },
    async (q) => ({ data: await files.listAttachments(ctx, requireActor(q), q.params.id) }),
  );

  r.post(
    '/api/tasks/:id/attachments',
    {
      schema: {
        tags,
        security: bearer,
        description:
          "Links documents of the task's client file to it (already linked ones stay); answers the attachments. A document of another client file or in the trash is 404.",
        params: taskIdParamsSchema,
        body: linkTaskDocumentsRequestSchema,
        response: { 201: dataEnvelope(z.array(taskDocumentSchema)) },
      },
    },
    async (q, reply) =>
      reply
        .status(201)
        .send({ data: await files.linkAttachments(ctx, requireActor(q), q.params.id, q.body.document_ids) }),
  );

  r.delete(
    '/api/tasks/:id/attachments/:document_id',
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Unlinks an attachment (the document stays in the documents). Those who manage the task unlink any; the others the ones they linked.',
        params: taskDocumentParamsSchema,
        response: { 200: ok },
      },
    },
    async (q) => {
      await files.unlinkAttachment(ctx, requireActor(q), q.params.id, q.params.document_id);
      return success;
    },
  );

  r.post(
    '/api/tasks/:id/items/:itemId/documents',
    {
      schema: {
        tags,
        security: bearer,
        description:
          "Answers an information request's item with files: documents of the client file (uploaded to the upload folder first) linked to the item, which is no longer missing.",
        params: taskItemParamsSchema,
        body: linkTaskDocumentsRequestSchema,
        response: { 200: dataEnvelope(taskItemSchema) },
      },
    },
    async (q) => ({
      data: await files.linkItemDocuments(
        ctx,
        requireActor(q),
        q.params.id,
        q.params.itemId,
        q.body.document_ids,
      ),
    }),
  );

  r.delete(
    '/api/tasks/:id/items/:itemId/documents/:document_id',
    {
      schema: {
        tags,
        security: bearer,
        description:
          'Unlinks a file from an item (the document stays); with no text and no file left the item is missing again.',
        params: taskItemDocumentParamsSchema,
        response: { 200: ok },
      },
    },
    async (q) => {
      await files.unlinkItemDocument(
        ctx,
        requireActor(q),
        q.params.id,
        q.params.itemId,
        q.params.document_id,
      );
      return success;
    },
  );
}
