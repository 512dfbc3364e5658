/** Up to 4 Web Workers hashing files (spec section 9: hash workers 4), started on first use. */
const MAX_WORKERS = 4;

type Job = {
  id: number;
  file: Blob;
  resolve: (md5: string) => void;
  reject: (error: Error) => void;
  signal: AbortSignal;
};

const idle: Worker[] = [];
const busy = new Map<Worker, Job>();
const waiting: Job[] = [];
let nextId = 1;

function spawn(): Worker {
  const worker = new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<{ id: number; md5?: string; error?: string }>) => {
    const job = busy.get(worker);
    busy.delete(worker);
    if (job && event.data.id === job.id) {
      if (event.data.md5) job.resolve(event.data.md5);
      else job.reject(new Error(event.data.error ?? 'md5'));
    }
    idle.push(worker);
    next();
  };
  return worker;
}

function next(): void {
  while (waiting.length > 0) {
    const job = waiting.shift() as Job;
    if (job.signal.aborted) continue;
    const worker = idle.pop() ?? (busy.size < MAX_WORKERS ? spawn() : null);
    if (!worker) {
      waiting.unshift(job);
      return;
    }
    busy.set(worker, job);
    worker.postMessage({ id: job.id, file: job.file });
  }
}

/** The MD5 (hex) of a file, computed in a worker. */
export function md5InWorker(file: Blob, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    waiting.push({ id: nextId++, file, resolve, reject, signal });
    signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
    next();
  });
}
