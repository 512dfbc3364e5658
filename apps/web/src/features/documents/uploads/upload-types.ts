/** The upload queue's types: its files, their states, the network side it is given. */

export type UploadState = 'queued' | 'running' | 'finished' | 'failed' | 'cancelled';
export type ConflictChoice = 'version' | 'rename';
export type UploadTarget = { vendorId: number; folderId: number };

/** One file of the upload panel (a snapshot: replaced, never changed, on each update). */
export type UploadItem = {
  id: number;
  name: string;
  relativePath: string;
  size: number;
  loaded: number;
  state: UploadState;
  /** While running: hashing the file (MD5) or sending its chunks. */
  phase: 'hashing' | 'sending' | null;
  /** A file of that name is in the folder: waiting for the user's choice. */
  awaitingChoice: boolean;
  error: string | null;
  /** Failed on a passing error (network, server away): `retry` resumes it. */
  retryable: boolean;
  documentId: number | null;
  target: UploadTarget;
  /** The file's fingerprint, under which its identifier is kept for resuming. */
  key: string;
};

/** A refused chunk: its HTTP status (0: no answer) and error body. */
export class ChunkError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
  }
}

/** The network side, injected (XHR and Web Workers in the app, fakes in tests). */
export type Transport = {
  md5(file: Blob, signal: AbortSignal): Promise<string>;
  /** The test GET: the chunks stored (and the document once complete), or null (204). */
  test(
    target: UploadTarget,
    identifier: string,
    chunk: number,
    signal: AbortSignal,
  ): Promise<{ chunks: number[]; id: number | null } | null>;
  /** Sends one chunk; throws a ChunkError when refused. */
  send(
    target: UploadTarget,
    fields: Record<string, string>,
    chunk: Blob,
    onProgress: (loaded: number) => void,
    signal: AbortSignal,
  ): Promise<{ id: number | null }>;
};

export type QueueEvents = {
  /** A file failed (its translated message). */
  onError?: (item: UploadItem, message: string) => void;
  /** A file is stored (its document's id). */
  onFinished?: (item: UploadItem) => void;
  /** Nothing is queued nor running any more. */
  onEnded?: () => void;
};

export type FileToUpload = { file: File; relativePath?: string };

/** Whether an error is the folder's "same name" refusal (a choice to ask, not a failure). */
export function isNameConflict(error: unknown): boolean {
  if (!(error instanceof ChunkError) || error.status !== 422) return false;
  const body = error.body as { code?: string; errors?: Record<string, string[]> } | null;
  return (
    body?.code === 'node-name-conflict' || Boolean(body?.errors?.flowFilename?.includes('node-name-conflict'))
  );
}
