import type { TaskUploadFolder } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentKeys } from '../../app/query-keys';
import { useSnackbar } from '../../app/snackbars';
import { resumeStore, TASK_UPLOADS_KEY } from '../documents/uploads/resume-store';
import { browserTransport } from '../documents/uploads/transport';
import { UploadQueue } from '../documents/uploads/upload-queue';
import type { QueueEvents, UploadItem } from '../documents/uploads/upload-types';
import { linkTaskDocuments, taskUploadFolder, unlinkTaskDocument, useRefresh } from './api';

/**
 * A task's files travel like every document: the documents' chunk client uploads them into the
 * client file's exchange folder (the server says which), then the task links their ids. A same
 * name there makes a new document ("name (2).ext"), never a question: the client answers a request.
 */
const handlers: QueueEvents = {};
let queue: UploadQueue | null = null;
const taskQueue = () => {
  // Its own resume entries (not the exchange folder's notice), forgotten on any failure: the task
  // screen has no retry (attaching the same file again while its queue holds it resumes it).
  queue ??= new UploadQueue(
    browserTransport,
    { onError: (item, message) => handlers.onError?.(item, message) },
    { store: resumeStore(TASK_UPLOADS_KEY), forgetFailed: true },
  );
  return queue;
};

const ENDED = new Set<UploadItem['state']>(['finished', 'failed', 'cancelled']);

/** Uploads files into the folder; answers the ids of the documents stored (failures are reported). */
export function uploadFiles(
  files: File[],
  folder: TaskUploadFolder,
): Promise<{ ids: number[]; empty: string[] }> {
  const q = taskQueue();
  const { empty, ids: queued } = q.add(
    files.map((file) => ({ file })),
    { vendorId: folder.vendor_id, folderId: folder.folder_id },
  );
  const mine = () => q.getSnapshot().filter((i) => queued.includes(i.id));
  return new Promise((resolve) => {
    const check = () => {
      const items = mine();
      for (const item of items) if (item.awaitingChoice) q.resolveConflict(item.id, 'rename', false);
      if (items.every((i) => ENDED.has(i.state))) {
        unsubscribe();
        resolve({ ids: items.flatMap((i) => (i.documentId ? [i.documentId] : [])), empty });
      }
    };
    const unsubscribe = q.subscribe(check);
    check();
  });
}

/**
 * Uploads then links files to a task (`itemId`: as the answer to that item). `busy` while it runs;
 * upload failures and refusals go to the snackbar.
 */
export function useAttachFiles(taskId: number) {
  const { t } = useTranslation('tasks');
  const { enqueueSnackbar } = useSnackbar();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const attach = async (files: File[], itemId?: number): Promise<boolean> => {
    if (files.length === 0) return false;
    setBusy(true);
    handlers.onError = (item, message) =>
      enqueueSnackbar(t('files.failed', { name: item.name, message }), { variant: 'error' });
    try {
      const folder = await taskUploadFolder(taskId);
      const { ids, empty } = await uploadFiles(files, folder);
      for (const name of empty) enqueueSnackbar(t('files.empty', { name }), { variant: 'warning' });
      if (ids.length === 0) return false;
      await linkTaskDocuments(taskId, ids, itemId);
      enqueueSnackbar(t('files.sent', { count: ids.length }), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: documentKeys.all(folder.vendor_id) });
      return true;
    } catch {
      // The API client showed the error in the snackbar.
      return false;
    } finally {
      handlers.onError = undefined;
      setBusy(false);
      await refresh();
    }
  };
  return { attach, busy };
}

/** Unlinks a file from the task or from one of its items (the document stays in the documents). */
export function useUnlinkFile(taskId: number) {
  const refresh = useRefresh();
  return async (documentId: number, itemId?: number) => {
    try {
      await unlinkTaskDocument(taskId, documentId, itemId);
    } finally {
      await refresh();
    }
  };
}
