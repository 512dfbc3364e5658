import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../test/memory-storage';
import { chunksOf } from './chunks';
import { resumeStore, TASK_UPLOADS_KEY } from './resume-store';
import { UploadQueue } from './upload-queue';
import { ChunkError, type Transport } from './upload-types';

type Sent = Record<string, string>;

/** A fake server: stores chunks per identifier, answers the id with the completing chunk. */
function fakeServer(
  opts: { fail?: (f: Sent, attempt: number) => number | null; conflictNames?: string[] } = {},
) {
  const stored = new Map<string, Set<number>>();
  const sent: Sent[] = [];
  const attempts = new Map<string, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  let nextId = 100;
  const transport: Transport = {
    md5: async () => '0123456789abcdef0123456789abcdef',
    test: async (_t, identifier, chunk) => {
      const s = stored.get(identifier);
      return s?.has(chunk) ? { chunks: [...s], id: null } : null;
    },
    send: async (_t, fields, _blob, onProgress) => {
      sent.push(fields);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight -= 1;
      const key = `${fields.flowIdentifier}#${fields.flowChunkNumber}`;
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      const status = opts.fail?.(fields, attempt) ?? null;
      if (status !== null) throw new ChunkError(status, null, `status ${status}`);
      onProgress(Number(fields.flowCurrentChunkSize));
      const s = stored.get(fields.flowIdentifier as string) ?? new Set<number>();
      s.add(Number(fields.flowChunkNumber));
      stored.set(fields.flowIdentifier as string, s);
      if (s.size < Number(fields.flowTotalChunks)) return { id: null };
      stored.delete(fields.flowIdentifier as string);
      if (opts.conflictNames?.includes(fields.flowFilename as string) && !fields.conflict)
        throw new ChunkError(422, { code: 'node-name-conflict', message: 'x' }, 'conflict');
      return { id: nextId++ };
    },
  };
  return { transport, sent, stored, maxInFlight: () => maxInFlight };
}

const file = (name: string, size: number, lastModified = 1) =>
  new File([new Uint8Array(size)], name, { lastModified });
const target = { vendorId: 1, folderId: 2 };
const options = { chunkSize: 10, retryDelayMs: 1, progressIntervalMs: 1 };

function ended(queue: UploadQueue) {
  return vi.waitFor(
    () => {
      const items = queue.getSnapshot();
      if (items.some((i) => i.state === 'queued' || i.state === 'running')) throw new Error('busy');
      return items;
    },
    { timeout: 3000, interval: 5 },
  );
}

describe('chunksOf', () => {
  it('cuts like flow.js: the last chunk takes the remainder, at least one chunk', () => {
    expect(chunksOf(25, 10)).toEqual([
      { number: 1, start: 0, end: 10 },
      { number: 2, start: 10, end: 25 },
    ]);
    expect(chunksOf(5, 10)).toEqual([{ number: 1, start: 0, end: 5 }]);
    expect(chunksOf(5_242_880 * 2 + 1)).toHaveLength(2);
  });
});

describe('UploadQueue', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('sends every chunk with the flow fields and the MD5, and leaves empty files out', async () => {
    const server = fakeServer();
    const queue = new UploadQueue(server.transport, {}, options);
    const { empty } = queue.add([{ file: file('a.pdf', 25) }, { file: file('vide.txt', 0) }], target);
    expect(empty).toEqual(['vide.txt']);
    const [item] = await ended(queue);
    expect(item).toMatchObject({ state: 'finished', loaded: 25, documentId: 100 });
    expect(server.sent.map((f) => f.flowCurrentChunkSize).sort()).toEqual(['10', '15']);
    expect(server.sent[0]).toMatchObject({
      flowChunkSize: '10',
      flowTotalSize: '25',
      flowTotalChunks: '2',
      flowFilename: 'a.pdf',
      flowRelativePath: 'a.pdf',
      md5: '0123456789abcdef0123456789abcdef',
    });
    expect(server.sent[0]?.flowIdentifier).toMatch(/^[\w.-]{1,200}$/);
    // Finished: its identifier is forgotten.
    expect(localStorage.getItem('documents_uploads')).toBe('{}');
  });

  it('keeps 5 chunks in flight per file and 4 files at once', async () => {
    const server = fakeServer();
    const queue = new UploadQueue(server.transport, {}, options);
    queue.add(
      Array.from({ length: 6 }, (_, i) => ({ file: file(`f${i}.bin`, 200) })),
      target,
    );
    const items = await ended(queue);
    expect(items.every((i) => i.state === 'finished')).toBe(true);
    expect(server.maxInFlight()).toBe(20);
  });

  it('retries a chunk once, but not after a permanent status', async () => {
    const flaky = fakeServer({
      fail: (f, attempt) => (f.flowChunkNumber === '2' && attempt === 1 ? 503 : null),
    });
    const q1 = new UploadQueue(flaky.transport, {}, options);
    q1.add([{ file: file('a.bin', 30) }], target);
    expect((await ended(q1))[0]?.state).toBe('finished');

    const broken = fakeServer({ fail: (f) => (f.flowChunkNumber === '2' ? 503 : null) });
    const errors: string[] = [];
    const q2 = new UploadQueue(broken.transport, { onError: (_i, m) => errors.push(m) }, options);
    q2.add([{ file: file('a.bin', 30) }], target);
    expect((await ended(q2))[0]?.state).toBe('failed');
    expect(broken.sent.filter((f) => f.flowChunkNumber === '2')).toHaveLength(2);
    expect(errors).toEqual(['status 503']);

    const refused = fakeServer({ fail: (f) => (f.flowChunkNumber === '1' ? 415 : null) });
    const q3 = new UploadQueue(refused.transport, {}, options);
    q3.add([{ file: file('a.bin', 30) }], target);
    expect((await ended(q3))[0]?.state).toBe('failed');
    expect(refused.sent.filter((f) => f.flowChunkNumber === '1')).toHaveLength(1);
  });

  it('keeps a file failed on a passing error, and its retry resumes from the chunks the server holds', async () => {
    // Chunk 2 of 3 answers 503 twice: the first run fails after its one retry.
    const server = fakeServer({
      fail: (f, attempt) => (f.flowChunkNumber === '2' && attempt <= 2 ? 503 : null),
    });
    const errors: string[] = [];
    const queue = new UploadQueue(server.transport, { onError: (_i, m) => errors.push(m) }, options);
    queue.add([{ file: file('a.bin', 30, 7) }], target);
    const [failed] = await ended(queue);
    expect(failed).toMatchObject({ state: 'failed', retryable: true, error: 'status 503' });
    expect(errors).toEqual(['status 503']);
    const identifier = server.sent[0]?.flowIdentifier as string;
    // The identifier stays: picked again or retried, the upload resumes.
    expect(JSON.parse(localStorage.getItem('documents_uploads') ?? '{}')['1/2/30/7/a.bin']?.id).toBe(
      identifier,
    );
    expect([...(server.stored.get(identifier) ?? [])].sort()).toEqual([1, 3]);
    server.sent.length = 0;
    queue.retry(failed?.id ?? 0);
    const [item] = await ended(queue);
    expect(item).toMatchObject({ state: 'finished', retryable: false, error: null, documentId: 100 });
    expect(server.sent.map((f) => `${f.flowIdentifier}#${f.flowChunkNumber}`)).toEqual([`${identifier}#2`]);
    expect(localStorage.getItem('documents_uploads')).toBe('{}');
  });

  it('forgets a file refused for good: no retry, nothing to resume', async () => {
    const server = fakeServer({ fail: (f) => (f.flowChunkNumber === '1' ? 422 : null) });
    const queue = new UploadQueue(server.transport, {}, options);
    queue.add([{ file: file('a.bin', 30) }], target);
    const [failed] = await ended(queue);
    expect(failed).toMatchObject({ state: 'failed', retryable: false });
    expect(localStorage.getItem('documents_uploads')).toBe('{}');
    const sent = server.sent.length;
    queue.retry(failed?.id ?? 0);
    expect(queue.getSnapshot()[0]?.state).toBe('failed');
    expect(server.sent).toHaveLength(sent);
  });

  it('asks on a name conflict and resends with the choice, for the whole selection when asked', async () => {
    const server = fakeServer({ conflictNames: ['a.pdf', 'b.pdf'] });
    const queue = new UploadQueue(server.transport, {}, options);
    queue.add(
      [{ file: file('a.pdf', 12) }, { file: file('b.pdf', 12) }, { file: file('c.pdf', 12) }],
      target,
    );
    await vi.waitFor(() => expect(queue.getSnapshot().filter((i) => i.awaitingChoice)).toHaveLength(2));
    const first = queue.pendingConflict();
    expect(first?.name).toBe('a.pdf');
    queue.resolveConflict(first?.id ?? 0, 'version', true);
    const items = await ended(queue);
    expect(items.map((i) => i.state)).toEqual(['finished', 'finished', 'finished']);
    const resent = server.sent.filter((f) => f.conflict);
    expect(resent.map((f) => `${f.flowFilename}:${f.conflict}`).sort()).toEqual([
      'a.pdf:version',
      'b.pdf:version',
    ]);
  });

  it('resumes a kept upload from the chunks the server holds', async () => {
    const server = fakeServer();
    const f = file('big.bin', 50, 42);
    // A first run stopped after chunk 1 and 2 (the browser was closed).
    const first = new UploadQueue(server.transport, {}, options);
    first.add([{ file: f }], target);
    await vi.waitFor(() => expect(server.sent.length).toBeGreaterThan(0));
    const identifier = server.sent[0]?.flowIdentifier as string;
    await ended(first);
    // Simulate: the server holds 1 and 2 of a new identical selection whose identifier was kept.
    server.stored.set(identifier, new Set([1, 2]));
    localStorage.setItem('documents_uploads', JSON.stringify({ '1/2/50/42/big.bin': identifier }));
    server.sent.length = 0;
    const again = new UploadQueue(server.transport, {}, options);
    again.add([{ file: f }], target);
    const [item] = await ended(again);
    expect(item?.state).toBe('finished');
    expect(server.sent.map((s) => s.flowIdentifier)).toEqual([identifier, identifier, identifier]);
    expect(server.sent.map((s) => s.flowChunkNumber).sort()).toEqual(['3', '4', '5']);
  });

  it('cancels one file or all (a failed one keeps its retry), and forgets them', async () => {
    const server = fakeServer({ fail: (f) => (f.flowFilename === 'c.bin' ? 503 : null) });
    const queue = new UploadQueue(server.transport, {}, options);
    queue.add([{ file: file('c.bin', 20) }], target);
    await ended(queue);
    queue.add([{ file: file('a.bin', 500) }, { file: file('b.bin', 500) }], target);
    const [, a] = queue.getSnapshot();
    queue.cancel(a?.id ?? 0);
    queue.cancelAll();
    const items = await ended(queue);
    expect(items.map((i) => i.state)).toEqual(['failed', 'cancelled', 'cancelled']);
    expect(Object.keys(JSON.parse(localStorage.getItem('documents_uploads') ?? '{}'))).toEqual([
      '1/2/20/1/c.bin',
    ]);
    queue.clearEnded();
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('never sends a file twice at once: queued or running it is skipped, failed it is retried', async () => {
    const server = fakeServer({
      fail: (f, attempt) =>
        f.flowFilename === 'b.bin' && f.flowChunkNumber === '1' && attempt <= 2 ? 503 : null,
    });
    const queue = new UploadQueue(server.transport, {}, options);
    const a = file('a.bin', 50, 3);
    const b = file('b.bin', 20, 3);
    const first = queue.add([{ file: a }, { file: b }], target);
    // The same files again while they upload, one twice in the selection: nothing new.
    const again = queue.add([{ file: a }, { file: a }], target);
    expect(again.ids).toEqual([first.ids[0], first.ids[0]]);
    expect(queue.getSnapshot()).toHaveLength(2);
    // Still uploading: no interrupted upload for the folder conflict dialog to resume.
    expect(queue.isUploading('1/2/50/3/a.bin')).toBe(true);
    const [doneA, failedB] = await ended(queue);
    expect(queue.isUploading('1/2/50/3/a.bin')).toBe(false);
    expect([doneA?.state, failedB?.state]).toEqual(['finished', 'failed']);
    const identifiers = new Set(
      server.sent.filter((f) => f.flowFilename === 'a.bin').map((f) => f.flowIdentifier),
    );
    expect(identifiers.size).toBe(1);
    expect(server.sent.filter((f) => f.flowFilename === 'a.bin')).toHaveLength(5);
    // The failed one picked again: its entry retried under its identifier, no second entry; the
    // finished one picked again is a new upload.
    const third = queue.add([{ file: b }, { file: a }], target);
    expect(third.ids[0]).toBe(failedB?.id);
    const items = await ended(queue);
    expect(items.map((i) => `${i.name}:${i.state}`)).toEqual([
      'a.bin:finished',
      'b.bin:finished',
      'a.bin:finished',
    ]);
    const bIds = new Set(server.sent.filter((f) => f.flowFilename === 'b.bin').map((f) => f.flowIdentifier));
    expect(bIds.size).toBe(1);
  });

  it('keeps its identifiers in the store it is given, and forgets any failure when told', async () => {
    const server = fakeServer({ fail: (f) => (f.flowChunkNumber === '2' ? 503 : null) });
    const store = resumeStore(TASK_UPLOADS_KEY);
    const queue = new UploadQueue(server.transport, {}, { ...options, store, forgetFailed: true });
    queue.add([{ file: file('a.bin', 30) }], target);
    await vi.waitFor(() => expect(store.find('1/2/30/1/a.bin')).not.toBeNull());
    expect(localStorage.getItem('documents_uploads')).toBeNull();
    const [failed] = await ended(queue);
    expect(failed).toMatchObject({ state: 'failed', retryable: true });
    expect(store.snapshot().size).toBe(0);
  });
});
