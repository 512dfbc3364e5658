import {
  dataEnvelope,
  nodesOutcomeSchema,
  transferNodesRequestSchema,
  vendorDocumentsParamsSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../app-context';
import { requireActor } from '../../../platform/auth/auth-plugin';
import { bearer, typed } from '../../../platform/http/route-helpers';
import { type TransferMode, transfer } from './transfer.service';

const DESCRIPTIONS: Record<TransferMode, string> = {
  move:
    'Moves a selection into `folder_id` in one transaction. Validated documents, read-only folders and ' +
    'their content stay (listed as skipped); a default folder needs `move_default_folders` ' +
    '(`default-folder-move` otherwise). Same names: `conflict` for documents (refuse, rename, version: the ' +
    'moved content becomes a new version, the moved document goes to the trash), `folder_conflict` for folders. A folder holding subfolders the ' +
    "caller's themes hide or leave read-only: 403 `theme-restricted-content`.",
  copy:
    'Copies a selection into `folder_id` (documents with their latest version, folders with their live ' +
    "content) in one transaction, with the same conflict choices as a move. Subfolders the caller's themes " +
    'hide are left out of the copy.',
};

/** Moving and copying documents and folders. */
export function transferRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = typed(app);
  for (const mode of ['move', 'copy'] as const) {
    r.post(
      `/api/vendors/:id/nodes/${mode}`,
      {
        schema: {
          tags: ['documents: folders'],
          security: bearer,
          description: DESCRIPTIONS[mode],
          params: vendorDocumentsParamsSchema,
          body: transferNodesRequestSchema,
          response: { 200: dataEnvelope(nodesOutcomeSchema) },
        },
      },
      async (q) => ({ data: await transfer(ctx, requireActor(q), q.params.id, q.body, mode) }),
    );
  }
}
