import { expect } from 'vitest';
import { chunkBody } from './documents';
import { buildDocumentsWorld, type DocumentsWorld } from './documents-world';

/** The documents world with a file-share password for each person, and WebDAV helpers (tests only). */
export const DAV_PASSWORD = 'Dav-portal-2026';

export type DavWorld = DocumentsWorld & {
  dav(
    method: string,
    path: string,
    who: keyof DocumentsWorld['tokens'],
    options?: { headers?: Record<string, string>; body?: string | Buffer },
  ): ReturnType<DocumentsWorld['t']['request']>;
  basic(who: keyof DocumentsWorld['tokens'], password?: string): string;
  /** The client folder's path: `/dav/<firm>/<client code> - <company>`. */
  clientPath: string;
  uploaded(folder: number, name: string, content: Uint8Array): Promise<number>;
};

export async function buildDavWorld(): Promise<DavWorld> {
  const w = await buildDocumentsWorld();
  for (const who of Object.keys(w.tokens) as (keyof typeof w.tokens)[]) {
    const res = await w.t.request({
      method: 'PUT',
      url: '/api/users/me/file-share-password',
      token: w.tokens[who],
      payload: { label: 'Drive', password: DAV_PASSWORD, password_confirmation: DAV_PASSWORD },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const basic = (who: keyof typeof w.tokens, password = DAV_PASSWORD) =>
    `Basic ${Buffer.from(`${w.people[who].email}:${password}`).toString('base64')}`;
  const dav: DavWorld['dav'] = (method, path, who, options = {}) =>
    w.t.request({
      method: method as 'GET',
      url: path,
      headers: { authorization: basic(who), ...options.headers },
      ...(options.body === undefined ? {} : { payload: options.body }),
    });
  const clientPath = `/dav/${encodeURIComponent(w.firm.name)}/${encodeURIComponent(`${w.vendor.clientCode} - ${w.vendor.company}`)}`;
  const uploaded = async (folder: number, name: string, content: Uint8Array) => {
    const res = await w.t.request({
      method: 'POST',
      url: `/api/vendors/${w.vendor.id}/folders/${folder}/uploads`,
      token: w.tokens.admin,
      ...(await chunkBody(
        {
          flowChunkNumber: 1,
          flowChunkSize: 1048576,
          flowCurrentChunkSize: content.length,
          flowTotalSize: content.length,
          flowIdentifier: `t-${Math.random().toString(36).slice(2)}`,
          flowFilename: name,
          flowRelativePath: name,
          flowTotalChunks: 1,
        },
        content,
      )),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as number;
  };
  return { ...w, dav, basic, clientPath, uploaded };
}
