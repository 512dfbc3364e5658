import { createHash } from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createFolders } from '../src/modules/documents/tree/tree.service';
import { uploadState } from '../src/modules/documents/uploads/upload-storage';
import type { cleanup } from '../src/modules/documents/uploads/uploads.service';
import { diskBlobStore } from '../src/platform/blobs/disk-blob-store';
import { buildPortalsWorld, type PortalsWho, type PortalsWorld } from './portals-world';
import { createTestApp, type TestApp } from './test-app';

export type DocsWorld = {
  t: TestApp;
  tokens: Record<PortalsWho, string>;
  /** BOUL01 of the portals world (client and guest are its users) and TRN01, of the other portal. */
  vendor: number;
  otherVendor: number;
  root: number;
  /** The portals world the documents world stands on (its firms, files and people). */
  portals?: PortalsWorld;
  call(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    who?: keyof DocsWorld['tokens'],
    payload?: unknown,
  ): ReturnType<TestApp['request']>;
};

/**
 * The portals world (test/portals-world.ts, built by the factories), its five people signed in, on
 * BOUL01's folders: every client file gets its firm's default tree, as the API gives a new one.
 */
export async function docsWorld(options: Parameters<typeof createTestApp>[0] = {}): Promise<DocsWorld> {
  const t = await createTestApp(options);
  const portals = await buildPortalsWorld(t);
  for (const file of Object.values(portals.files)) await createFolders(t.database.db, file);
  const { tokens } = portals;
  const call: DocsWorld['call'] = (method, url, who = 'expert', payload) =>
    t.request({
      method,
      url,
      token: tokens[who],
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const vendor = portals.files.BOUL01.id;
  const otherVendor = portals.files.TRN01.id;
  const root = (await call('GET', `/api/vendors/${vendor}/folders`)).body.data[0].id as number;
  return { t, tokens, vendor, otherVendor, root, portals, call };
}

/** A new folder of the world's client file, made by the expert under `parent`: its id. */
export async function newFolder(w: DocsWorld, name: string, parent: number): Promise<number> {
  const res = await w.call('POST', `/api/vendors/${w.vendor}/folders`, 'expert', { name, parent_id: parent });
  return res.body.data.id as number;
}

/** A new document of the world's client file, uploaded by the expert in one chunk: its id. */
export async function newDocument(
  w: DocsWorld,
  parent: number,
  name: string,
  content = name,
): Promise<number> {
  return (await upload(w, parent, name, Buffer.from(content))).body.data.id as number;
}

/**
 * The world served by a second app on the same database and data folder: the server "restarted"
 * (or another process). Works on PGlite and PostgreSQL; close it when done.
 */
export async function restarted(
  w: DocsWorld,
  dataDir: string,
): Promise<DocsWorld & { close(): Promise<void> }> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVE_WEB: 'false', DATA_DIR: dataDir });
  const app = await buildApp(config, { database: w.t.database });
  await app.ready();
  const request: TestApp['request'] = async (opts) => {
    const { token, headers, ...rest } = opts;
    const res = await app.inject({
      ...rest,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
    const json = String(res.headers['content-type'] ?? '').includes('json');
    return { status: res.statusCode, body: json ? res.json() : res.body, headers: res.headers };
  };
  const t = { ...w.t, app, request };
  const call: DocsWorld['call'] = (method, url, who = 'expert', payload) =>
    request({
      method,
      url,
      token: w.tokens[who],
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { ...w, t, call, close: () => app.close() };
}

/**
 * What the documents' cleanup (`cleanup(ctx)`, run hourly by the server) reads of a context: the
 * database, the data folder (upload chunks) and its blobs. For a world given `DATA_DIR: dataDir`.
 */
export function cleanupContext(w: DocsWorld, dataDir: string): Parameters<typeof cleanup>[0] {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SERVE_WEB: 'false', DATA_DIR: dataDir });
  return {
    db: w.t.database.db,
    config,
    blobs: diskBlobStore(path.join(dataDir, 'blobs')),
    uploads: uploadState(config.dataDir),
  } as unknown as Parameters<typeof cleanup>[0];
}

export const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

/** A multipart body as flow.js sends one chunk: the fields, then the file part. */
export async function chunkBody(fields: Record<string, string | number>, chunk: Uint8Array) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  form.append('file', new Blob([new Uint8Array(chunk)], { type: 'application/octet-stream' }), 'blob');
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

export type UploadOptions = {
  chunkSize?: number;
  relativePath?: string;
  identifier?: string;
  conflict?: 'refuse' | 'version' | 'rename';
  md5?: string | false;
  /** Chunk numbers (from 1) in the order to send; all in order by default. */
  order?: number[];
  who?: keyof DocsWorld['tokens'];
};

/** Sends one chunk of `content` as flow.js would. */
export async function sendChunk(
  w: DocsWorld,
  folderId: number,
  name: string,
  content: Uint8Array,
  number: number,
  o: UploadOptions = {},
) {
  const chunkSize = o.chunkSize ?? 1024 * 1024;
  const total = Math.max(1, Math.floor(content.length / chunkSize));
  const start = (number - 1) * chunkSize;
  const end = number === total ? content.length : start + chunkSize;
  const bytes = content.subarray(start, end);
  const fields: Record<string, string | number> = {
    flowChunkNumber: number,
    flowChunkSize: chunkSize,
    flowCurrentChunkSize: bytes.length,
    flowTotalSize: content.length,
    flowIdentifier: o.identifier ?? `${content.length}-${name.replace(/[^\w]/g, '')}`.slice(0, 100),
    flowFilename: name,
    flowRelativePath: o.relativePath ?? name,
    flowTotalChunks: total,
  };
  if (o.md5 !== false) fields.md5 = o.md5 ?? md5(content);
  if (o.conflict) fields.conflict = o.conflict;
  return w.t.request({
    method: 'POST',
    url: `/api/vendors/${w.vendor}/folders/${folderId}/uploads`,
    token: w.tokens[o.who ?? 'expert'],
    ...(await chunkBody(fields, bytes)),
  });
}

/** Uploads a whole file chunk by chunk; answers the last response. */
export async function upload(
  w: DocsWorld,
  folderId: number,
  name: string,
  content: Uint8Array,
  o: UploadOptions = {},
) {
  const chunkSize = o.chunkSize ?? 1024 * 1024;
  const total = Math.max(1, Math.floor(content.length / chunkSize));
  const order = o.order ?? Array.from({ length: total }, (_, i) => i + 1);
  let last: Awaited<ReturnType<typeof sendChunk>> | undefined;
  for (const n of order) {
    last = await sendChunk(w, folderId, name, content, n, o);
    if (last.status !== 200) return last;
  }
  return last!;
}

/** The entries of a ZIP (stored or deflated), read from its central directory: name -> bytes. */
export function readZip(zip: Buffer): Map<string, Buffer> {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a zip');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressed);
    entries.set(name, method === 0 ? Buffer.from(data) : zlib.inflateRawSync(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Folders whose `live_documents` (kept by triggers) differs from their live documents counted. */
export async function countDrift(w: DocsWorld): Promise<number> {
  const result = await w.t.database.db.execute(sql`
    SELECT count(*)::int AS n FROM folders f
     WHERE f.live_documents <> (SELECT count(*) FROM documents d WHERE d.accounting_firm_id = f.accounting_firm_id
                                  AND d.folder_id = f.id AND d.deleted_at IS NULL)`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}
