import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../app/snackbars';
import { documentKeys } from '../api';
import { browserTransport } from './transport';
import { UploadQueue } from './upload-queue';
import type { QueueEvents } from './upload-types';

/** The app's one upload queue: uploads go on while the user browses other folders. */
const handlers: QueueEvents = {};
let queue: UploadQueue | null = null;

export function uploadQueue(): UploadQueue {
  queue ??= new UploadQueue(browserTransport, {
    onError: (item, message) => handlers.onError?.(item, message),
    onFinished: (item) => handlers.onFinished?.(item),
    onEnded: () => handlers.onEnded?.(),
  });
  return queue;
}

export function useUploads() {
  const q = uploadQueue();
  return useSyncExternalStore(q.subscribe, q.getSnapshot);
}

/** Wires the queue to the page: errors in the snackbar, lists refetched as files arrive. */
export function useUploadEvents() {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation('documents');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = (vendorId: number) => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: documentKeys.all(vendorId) });
      }, 500);
    };
    handlers.onError = (item, message) =>
      enqueueSnackbar(t('upload.failedFile', { name: item.name, message }), { variant: 'error' });
    handlers.onFinished = (item) => refresh(item.target.vendorId);
    handlers.onEnded = () => undefined;
    return () => {
      handlers.onError = undefined;
      handlers.onFinished = undefined;
      handlers.onEnded = undefined;
      if (timer) clearTimeout(timer);
    };
  }, [queryClient, enqueueSnackbar, t]);
}
