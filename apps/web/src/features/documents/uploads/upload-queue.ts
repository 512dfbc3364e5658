import {
  UPLOAD_CHUNK_RETRIES,
  UPLOAD_CHUNK_SIZE,
  UPLOAD_CONCURRENT_CHUNKS,
  UPLOAD_MAX_CONCURRENT,
} from '@portal/contracts/limits';
import { chunksOf, newIdentifier, PERMANENT_ERRORS } from './chunks';
import { documentUploads, fingerprintOf, type ResumeStore } from './resume-store';
import {
  ChunkError,
  type ConflictChoice,
  type FileToUpload,
  isNameConflict,
  type QueueEvents,
  type Transport,
  type UploadItem,
  type UploadTarget,
} from './upload-types';

type Entry = {
  item: UploadItem;
  file: File;
  identifier: string;
  fingerprint: string;
  resume: boolean;
  md5: string | null;
  choice: ConflictChoice | null;
  batch: number;
  controller: AbortController | null;
};

export type QueueOptions = {
  chunkSize?: number;
  maxFiles?: number;
  chunksInFlight?: number;
  retries?: number;
  retryDelayMs?: number;
  progressIntervalMs?: number;
  /** Where the identifiers are kept for resuming (the documents' store by default). */
  store?: ResumeStore;
  /** Forget a failed upload's identifier even on a passing error (no screen to retry it). */
  forgetFailed?: boolean;
};

/** The states of an upload under way (a choice awaited included). */
const LIVE = new Set<UploadItem['state']>(['queued', 'running']);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The upload queue (spec sections 4, 7, 9): files of 4 at a time, each hashed (MD5, sent with
 * every chunk) then cut in chunks sent 5 at a time, a chunk retried once unless the status is
 * permanent; a name conflict waits for the user's choice (new version or new document, for one
 * file or the whole selection) and resends the file with `conflict`; identifiers kept so that an
 * upload resumes from the chunks the server holds: picked again (even after the browser was
 * closed) or retried after a passing failure. Observable (`subscribe`/`getSnapshot`).
 */
export class UploadQueue {
  private entries: Entry[] = [];
  private snapshot: readonly UploadItem[] = [];
  private listeners = new Set<() => void>();
  private nextId = 1;
  private nextBatch = 1;
  private batchChoices = new Map<number, ConflictChoice>();
  private progressTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly o: Required<QueueOptions>;

  constructor(
    private readonly transport: Transport,
    private readonly events: QueueEvents = {},
    options: QueueOptions = {},
  ) {
    this.o = {
      chunkSize: UPLOAD_CHUNK_SIZE,
      maxFiles: UPLOAD_MAX_CONCURRENT,
      chunksInFlight: UPLOAD_CONCURRENT_CHUNKS,
      retries: UPLOAD_CHUNK_RETRIES,
      retryDelayMs: 1000,
      progressIntervalMs: 150,
      store: documentUploads,
      forgetFailed: false,
      ...options,
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly UploadItem[] => this.snapshot;

  /**
   * Queues a selection; empty files are left out and returned (the caller warns). A file already
   * queued or running here is not sent twice, a failed one is retried: `ids` are the items that
   * stand for the selection (new or already there).
   */
  add(files: readonly FileToUpload[], target: UploadTarget): { empty: string[]; ids: number[] } {
    const empty: string[] = [];
    const ids: number[] = [];
    const batch = this.nextBatch++;
    const kept = this.o.store.snapshot();
    const keep: [string, string][] = [];
    for (const { file, relativePath } of files) {
      if (file.size === 0) {
        empty.push(file.name);
        continue;
      }
      const path = relativePath || file.name;
      const fingerprint = fingerprintOf({
        ...target,
        relativePath: path,
        size: file.size,
        lastModified: file.lastModified,
      });
      const present = this.entries.findLast(
        (e) => e.fingerprint === fingerprint && (LIVE.has(e.item.state) || e.item.retryable),
      );
      if (present) {
        if (present.item.state === 'failed') this.retry(present.item.id);
        ids.push(present.item.id);
        continue;
      }
      const found = kept.get(fingerprint) ?? null;
      const identifier = found ?? newIdentifier(file.size);
      keep.push([fingerprint, identifier]);
      const id = this.nextId++;
      ids.push(id);
      this.entries.push({
        item: {
          id,
          name: file.name,
          relativePath: path,
          size: file.size,
          loaded: 0,
          state: 'queued',
          phase: null,
          awaitingChoice: false,
          error: null,
          retryable: false,
          documentId: null,
          target,
          key: fingerprint,
        },
        file,
        identifier,
        fingerprint,
        resume: found !== null,
        md5: null,
        choice: null,
        batch,
        controller: null,
      });
    }
    this.o.store.keep(keep);
    this.emit();
    this.pump();
    return { empty, ids };
  }

  /** Whether an upload of this fingerprint is queued or running here. */
  isUploading(fingerprint: string): boolean {
    return this.entries.some((e) => e.fingerprint === fingerprint && LIVE.has(e.item.state));
  }

  /** The first file waiting for a conflict choice, if any. */
  pendingConflict(): UploadItem | null {
    return this.entries.find((e) => e.item.awaitingChoice)?.item ?? null;
  }

  /** Resends a conflicting file as a new version or a new document; `toAll`: its whole selection. */
  resolveConflict(id: number, choice: ConflictChoice, toAll: boolean): void {
    const entry = this.find(id);
    if (!entry) return;
    if (toAll) this.batchChoices.set(entry.batch, choice);
    for (const e of this.entries) {
      if (!e.item.awaitingChoice || (e !== entry && !(toAll && e.batch === entry.batch))) continue;
      e.choice = choice;
      this.update(e, { awaitingChoice: false, state: 'queued', loaded: 0 });
    }
    this.pump();
  }

  cancel(id: number): void {
    const entry = this.find(id);
    if (!entry || entry.item.state === 'finished' || entry.item.state === 'cancelled') return;
    entry.controller?.abort();
    this.o.store.forget(entry.fingerprint);
    this.update(entry, { state: 'cancelled', phase: null, awaitingChoice: false });
    this.pump();
  }

  /** Cancels the files queued or running (a failed one keeps its retry). */
  cancelAll(): void {
    for (const e of [...this.entries])
      if (e.item.state === 'queued' || e.item.state === 'running') this.cancel(e.item.id);
  }

  /** Sends a file that failed on a passing error again, from the chunks the server holds. */
  retry(id: number): void {
    const entry = this.find(id);
    if (entry?.item.state !== 'failed' || !entry.item.retryable) return;
    entry.resume = true;
    this.update(entry, { state: 'queued', loaded: 0, error: null, retryable: false });
    this.pump();
  }

  /** Takes the ended files (finished, failed, cancelled) off the panel. */
  clearEnded(): void {
    this.entries = this.entries.filter((e) => e.item.state === 'queued' || e.item.state === 'running');
    this.emit();
  }

  private find(id: number): Entry | undefined {
    return this.entries.find((e) => e.item.id === id);
  }

  private update(entry: Entry, patch: Partial<UploadItem>, immediate = true): void {
    entry.item = { ...entry.item, ...patch };
    if (immediate) this.emit();
    else this.emitSoon();
  }

  private emit(): void {
    if (this.progressTimer) {
      clearTimeout(this.progressTimer);
      this.progressTimer = null;
    }
    this.snapshot = this.entries.map((e) => e.item);
    for (const listener of this.listeners) listener();
  }

  private emitSoon(): void {
    if (this.progressTimer) return;
    this.progressTimer = setTimeout(() => this.emit(), this.o.progressIntervalMs);
  }

  private pump(): void {
    let running = this.entries.filter((e) => e.item.state === 'running').length;
    for (const entry of this.entries) {
      if (running >= this.o.maxFiles) break;
      if (entry.item.state !== 'queued' || entry.item.awaitingChoice) continue;
      running += 1;
      void this.run(entry);
    }
    const busy = this.entries.some((e) => e.item.state === 'queued' || e.item.state === 'running');
    if (!busy && this.entries.length > 0) this.events.onEnded?.();
  }

  private async run(entry: Entry): Promise<void> {
    const controller = new AbortController();
    entry.controller = controller;
    const { signal } = controller;
    this.update(entry, { state: 'running', phase: 'hashing', error: null });
    this.o.store.keep([[entry.fingerprint, entry.identifier]]);
    try {
      entry.md5 ??= await this.transport.md5(entry.file, signal);
      this.update(entry, { phase: 'sending' });
      const id = await this.sendFile(entry, signal);
      this.o.store.forget(entry.fingerprint);
      this.update(entry, { state: 'finished', phase: null, loaded: entry.item.size, documentId: id });
      this.events.onFinished?.(entry.item);
    } catch (error) {
      if (signal.aborted || entry.item.state === 'cancelled') return;
      if (isNameConflict(error) && entry.choice === null) {
        const choice = this.batchChoices.get(entry.batch);
        if (choice) entry.choice = choice;
        this.update(entry, {
          state: 'queued',
          phase: null,
          loaded: 0,
          awaitingChoice: choice === undefined,
        });
      } else {
        const message = error instanceof Error ? error.message : String(error);
        // A permanent refusal would come again: nothing to resume. Else the identifier stays.
        const retryable = !(error instanceof ChunkError && PERMANENT_ERRORS.has(error.status));
        if (!retryable || this.o.forgetFailed) this.o.store.forget(entry.fingerprint);
        this.update(entry, { state: 'failed', phase: null, error: message, retryable });
        this.events.onError?.(entry.item, message);
      }
    } finally {
      if (entry.controller === controller) entry.controller = null;
      this.pump();
    }
  }

  /** Sends the chunks the server lacks, 5 at a time; the document's id once complete. */
  private async sendFile(entry: Entry, outer: AbortSignal): Promise<number | null> {
    const { file, item } = entry;
    const chunks = chunksOf(file.size, this.o.chunkSize);
    let stored = new Set<number>();
    if (entry.resume) {
      entry.resume = false;
      const found = await this.findStored(entry, chunks.length, outer);
      if (found?.id) return found.id;
      stored = new Set(found?.chunks ?? []);
    }
    const todo = chunks.filter((c) => !stored.has(c.number));
    const sent = new Map<number, number>();
    const base = chunks.filter((c) => stored.has(c.number)).reduce((sum, c) => sum + c.end - c.start, 0);
    const progress = () => {
      let loaded = base;
      for (const n of sent.values()) loaded += n;
      this.update(entry, { loaded: Math.min(loaded, item.size) }, false);
    };
    // One failed chunk stops the others of the file.
    const inner = new AbortController();
    const stop = () => inner.abort();
    outer.addEventListener('abort', stop);
    const fields = (number: number, size: number): Record<string, string> => ({
      flowChunkNumber: String(number),
      flowChunkSize: String(this.o.chunkSize),
      flowCurrentChunkSize: String(size),
      flowTotalSize: String(file.size),
      flowIdentifier: entry.identifier,
      flowFilename: file.name,
      flowRelativePath: item.relativePath,
      flowTotalChunks: String(chunks.length),
      ...(entry.md5 ? { md5: entry.md5 } : {}),
      ...(entry.choice ? { conflict: entry.choice } : {}),
    });
    let documentId: number | null = null;
    const worker = async () => {
      for (let chunk = todo.shift(); chunk; chunk = todo.shift()) {
        const c = chunk;
        const blob = file.slice(c.start, c.end);
        const result = await this.sendChunk(
          entry,
          fields(c.number, c.end - c.start),
          blob,
          inner.signal,
          (n) => {
            sent.set(c.number, Math.min(n, c.end - c.start));
            progress();
          },
        );
        sent.set(c.number, c.end - c.start);
        progress();
        if (result.id !== null) documentId = result.id;
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(this.o.chunksInFlight, todo.length) }, worker));
    } catch (error) {
      inner.abort();
      throw error;
    } finally {
      outer.removeEventListener('abort', stop);
    }
    return documentId;
  }

  private async sendChunk(
    entry: Entry,
    fields: Record<string, string>,
    blob: Blob,
    signal: AbortSignal,
    onProgress: (loaded: number) => void,
  ): Promise<{ id: number | null }> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.transport.send(entry.item.target, fields, blob, onProgress, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        const status = error instanceof ChunkError ? error.status : 0;
        if (PERMANENT_ERRORS.has(status) || attempt >= this.o.retries) throw error;
        onProgress(0);
        await sleep(this.o.retryDelayMs);
      }
    }
  }

  /** Asks the server which chunks of a resumed upload it holds (the first chunks are sent first). */
  private async findStored(entry: Entry, count: number, signal: AbortSignal) {
    for (let n = 1; n <= Math.min(count, this.o.chunksInFlight); n++) {
      const found = await this.transport.test(entry.item.target, entry.identifier, n, signal);
      if (found) return found;
    }
    return null;
  }
}
