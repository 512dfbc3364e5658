import {
  dataEnvelope,
  folderParamsSchema,
  folderThemesSchema,
  setFolderThemesRequestSchema,
  setVendorThemesRequestSchema,
  vendorDocumentsParamsSchema,
  vendorThemesSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { requireActor } from '../../platform/auth/auth-plugin';
import { bearer, typed } from '../../platform/http/route-helpers';
import * as service from './theme-access.service';

/** Themes as access rights: a folder's themes, a client file's allowed themes. */
export function themeAccessRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  const tags = { tags: ['themes'], security: bearer };

  r.get(
    '/api/vendors/:id/folders/:folder_id/themes',
    {
      schema: {
        ...tags,
        description: "A folder's own themes and its effective ones (a folder hidden to the caller: 404).",
        params: folderParamsSchema,
        response: { 200: dataEnvelope(folderThemesSchema) },
      },
    },
    async (q) => ({
      data: await service.getFolderThemes(ctx, requireActor(q), q.params.id, q.params.folder_id),
    }),
  );

  r.put(
    '/api/vendors/:id/folders/:folder_id/themes',
    {
      schema: {
        ...tags,
        description:
          "Tags a folder with themes (firm administrators); its subtree inherits them unless a subfolder has its own. Only the client file's allowed themes.",
        params: folderParamsSchema,
        body: setFolderThemesRequestSchema,
        response: { 200: dataEnvelope(folderThemesSchema) },
      },
    },
    async (q) => ({
      data: await service.setFolderThemes(ctx, requireActor(q), q.params.id, q.params.folder_id, q.body),
    }),
  );

  r.get(
    '/api/vendors/:id/themes',
    {
      schema: {
        ...tags,
        description: "The client file's allowed themes and its folders per theme (firm administrators).",
        params: vendorDocumentsParamsSchema,
        response: { 200: dataEnvelope(vendorThemesSchema) },
      },
    },
    async (q) => ({ data: await service.getVendorThemes(ctx, requireActor(q), q.params.id) }),
  );

  r.put(
    '/api/vendors/:id/themes',
    {
      schema: {
        ...tags,
        description:
          "Sets the themes a client file's folders and users may carry (firm administrators): all of the firm's, or a list.",
        params: vendorDocumentsParamsSchema,
        body: setVendorThemesRequestSchema,
        response: { 200: dataEnvelope(vendorThemesSchema) },
      },
    },
    async (q) => ({ data: await service.setVendorThemes(ctx, requireActor(q), q.params.id, q.body) }),
  );
}
