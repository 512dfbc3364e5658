import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { translateMessage } from '@portal/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { diskBlobStore } from '../blobs/disk-blob-store';
import { AppError } from '../errors/app-error';
import { registerErrorHandler } from '../errors/error-handler';
import { readFilePart, streamFilePart } from './file-part';
import { registerMultipart } from './multipart-scope';

const MAX = 1000;
let app: FastifyInstance;
let blobRoot: string;

beforeAll(async () => {
  blobRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-uploads-'));
  const blobs = diskBlobStore(blobRoot);
  app = Fastify();
  registerErrorHandler(app);
  await app.register(async (scope) => {
    await registerMultipart(scope, { fields: 4, fieldSize: 64 });
    scope.post('/buffer', async (request) => {
      const part = await readFilePart(request, {
        field: 'file',
        maxBytes: MAX,
        extensions: ['txt'],
        types: ['text/csv'],
        errorCode: 'bad-import-file',
      });
      return { ...part, buffer: undefined, text: part.buffer.toString() };
    });
    // The shape of the chunk endpoint: fields checked first, then the content streamed to storage.
    scope.post('/stream', (request) =>
      streamFilePart(request, { field: 'file', maxBytes: MAX }, async (file, content) => {
        if (!file.fields.flowChunkNumber) {
          throw new AppError('validation-failed', { fields: { flowChunkNumber: ['required'] } });
        }
        let bytes = true;
        const pieces = async function* () {
          for await (const piece of content) {
            bytes &&= Buffer.isBuffer(piece);
            yield piece;
          }
        };
        return { fields: file.fields, bytes, ...(await blobs.put(pieces())) };
      }),
    );
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  fs.rmSync(blobRoot, { recursive: true, force: true });
});

type Part =
  | [name: string, value: string]
  | [name: string, content: Uint8Array, filename: string, type?: string];

/** A multipart body from parts in order, encoded the way a browser's FormData is. */
async function form(parts: Part[]) {
  const data = new FormData();
  for (const [name, value, filename, type] of parts) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, new Blob([new Uint8Array(value)], { type: type ?? '' }), filename);
  }
  const encoded = new Response(data);
  return {
    headers: { 'content-type': encoded.headers.get('content-type')!, 'accept-language': 'en' },
    payload: Buffer.from(await encoded.arrayBuffer()),
  };
}
const post = async (url: string, parts: Part[]) =>
  app.inject({ method: 'POST', url, ...(await form(parts)) });
const bytes = (text: string) => Buffer.from(text);
const en = (key: string) => translateMessage(key, 'en');
/** Files under the blob root (blobs and temporary files). */
const blobFiles = () =>
  (fs.readdirSync(blobRoot, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((d) =>
    d.isFile(),
  );

describe('readFilePart', () => {
  it('returns the file whole with its name, type and the fields sent before it', async () => {
    const res = await post('/buffer', [
      ['before', 'yes'],
      ['file', bytes('hello'), 'dir/Notes.TXT', 'text/plain'],
      ['after', 'not read'],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      filename: 'Notes.TXT',
      mimetype: 'text/plain',
      fields: { before: 'yes' },
      text: 'hello',
    });
  });

  it('accepts a file by its extension or by its declared type, and refuses the others with 422', async () => {
    expect((await post('/buffer', [['file', bytes('a;b'), 'export.bin', 'text/csv']])).statusCode).toBe(200);
    const refused = await post('/buffer', [['file', bytes('a;b'), 'export.csv', 'application/octet-stream']]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'bad-import-file',
      errors: { file: [en('invalid-value')] },
    });
  });

  it('answers 413 past maxBytes, and takes exactly maxBytes', async () => {
    expect((await post('/buffer', [['file', randomBytes(MAX), 'max.txt']])).statusCode).toBe(200);
    const res = await post('/buffer', [['file', randomBytes(MAX + 1), 'big.txt']]);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload-too-large');
  });

  it("answers 422 'required' with no multipart body, no file part, or another file field first", async () => {
    const bodies = [
      await app.inject({ method: 'POST', url: '/buffer', payload: { file: 'x' } }),
      await post('/buffer', [['file', 'a text field, not a file']]),
      await post('/buffer', []),
      await post('/buffer', [
        ['other', bytes('x'), 'other.txt'],
        ['file', bytes('x'), 'file.txt'],
      ]),
    ];
    for (const res of bodies) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'bad-import-file', errors: { file: [expect.any(String)] } });
    }
  });

  it('refuses a field value past the scope limit (422 too-long), a repeated field (422) and too many fields (413)', async () => {
    const file: Part = ['file', bytes('x'), 'a.txt'];
    const long = await post('/buffer', [['note', 'x'.repeat(65)], file]);
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ note: [en('too-long')] });

    const repeated = await post('/buffer', [['a', '1'], ['a', '2'], file]);
    expect(repeated.statusCode).toBe(422);
    expect(repeated.json().errors).toEqual({ a: [en('invalid-value')] });

    const many = await post('/buffer', [['a', '1'], ['b', '2'], ['c', '3'], ['d', '4'], ['e', '5'], file]);
    expect(many.statusCode).toBe(413);
  });

  it('answers 400 for a broken multipart body', async () => {
    const { headers, payload } = await form([['file', bytes('hello'), 'a.txt']]);
    const truncated = await app.inject({
      method: 'POST',
      url: '/buffer',
      headers,
      payload: payload.subarray(0, 150),
    });
    expect(truncated.statusCode).toBe(400);
    const noBoundary = await app.inject({
      method: 'POST',
      url: '/buffer',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(noBoundary.statusCode).toBe(400);
  });
});

describe('streamFilePart', () => {
  it('streams the file to the sink, which sees the fields first', async () => {
    const content = randomBytes(MAX);
    const res = await post('/stream', [
      ['flowChunkNumber', '1'],
      ['flowIdentifier', 'abc'],
      ['file', content, 'blob'],
    ]);
    expect(res.statusCode).toBe(200);
    const key = createHash('sha256').update(content).digest('hex');
    expect(res.json()).toEqual({
      fields: { flowChunkNumber: '1', flowIdentifier: 'abc' },
      bytes: true,
      key,
      size: MAX,
    });
  });

  it('stores nothing when the file is too large or the sink refuses the fields', async () => {
    const before = blobFiles().length;
    const big = await post('/stream', [
      ['flowChunkNumber', '1'],
      ['file', randomBytes(MAX * 3), 'blob'],
    ]);
    expect(big.statusCode).toBe(413);
    const refused = await post('/stream', [['file', randomBytes(10), 'blob']]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ flowChunkNumber: [en('required')] });
    // The cut write's temp file is removed once its stream has closed, just after the answer.
    await vi.waitFor(() => expect(blobFiles()).toHaveLength(before), { timeout: 2000 });
  });
});

describe('an early answer over a real connection', () => {
  /** Sends a large upload, then a small one, on one keep-alive connection. */
  async function twoOnOneConnection(url: string, first: Part[], second: Part[]) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const { port } = app.server.address() as AddressInfo;
    const send = async (parts: Part[]) => {
      const { headers, payload } = await form(parts);
      return new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
        const req = http.request(
          { port, host: '127.0.0.1', path: url, method: 'POST', headers, agent },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, socket: req.socket }));
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    };
    try {
      const a = await send(first);
      const b = await send(second);
      return { statuses: [a.status, b.status], sameSocket: a.socket === b.socket };
    } finally {
      agent.destroy();
    }
  }

  it('answers a refused 4 MB file while it is being sent, and the connection serves the next request', async () => {
    const result = await twoOnOneConnection(
      '/buffer',
      [['file', randomBytes(4 * 1024 * 1024), 'big.exe']],
      [['file', bytes('ok'), 'ok.txt']],
    );
    expect(result).toEqual({ statuses: [422, 200], sameSocket: true });
  });

  it('does the same when the file is cut for its size, and when the sink fails', async () => {
    const tooBig = await twoOnOneConnection(
      '/stream',
      [
        ['flowChunkNumber', '1'],
        ['file', randomBytes(4 * 1024 * 1024), 'blob'],
      ],
      [
        ['flowChunkNumber', '1'],
        ['file', bytes('ok'), 'blob'],
      ],
    );
    expect(tooBig.statuses).toEqual([413, 200]);
    const refused = await twoOnOneConnection(
      '/stream',
      [['file', randomBytes(4 * 1024 * 1024), 'blob']],
      [
        ['flowChunkNumber', '1'],
        ['file', bytes('ok'), 'blob'],
      ],
    );
    expect(refused.statuses).toEqual([422, 200]);
  });
});
