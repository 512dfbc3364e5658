import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { archiveRoutes } from './archive/archive.routes';
import { documentRoutes } from './documents/documents.routes';
import { versionRoutes } from './documents/versions.routes';
import { folderRoutes } from './folders/folders.routes';
import { previewRoutes } from './previews/previews.routes';
import { quickfolderRoutes } from './quickfolders/quickfolders.routes';
import { searchRoutes } from './search/search.routes';
import { shareRoutes } from './shares/shares.routes';
import { storagePolicyRoutes } from './storage-policy/storage-policy.routes';
import { transferRoutes } from './transfer/transfer.routes';
import { trashRoutes } from './trash/trash.routes';
import { unreadRoutes } from './unread/unread.routes';
import { uploadRoutes } from './uploads/uploads.routes';
import { cleanup } from './uploads/uploads.service';

/** Every route of the document manager. */
export async function documentsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  folderRoutes(app, ctx);
  uploadRoutes(app, ctx);
  documentRoutes(app, ctx);
  trashRoutes(app, ctx);
  versionRoutes(app, ctx);
  transferRoutes(app, ctx);
  archiveRoutes(app, ctx);
  previewRoutes(app, ctx);
  unreadRoutes(app, ctx);
  storagePolicyRoutes(app, ctx);
  shareRoutes(app, ctx);
  searchRoutes(app, ctx);
  quickfolderRoutes(app, ctx);
  // Idle uploads, orphan chunk folders and unreferenced blobs are cleaned every hour.
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      cleanup(ctx).catch((error) => app.log.error({ err: error }, 'documents cleanup failed'));
    }, CLEANUP_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
