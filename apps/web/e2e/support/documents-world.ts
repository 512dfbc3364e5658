import { expect, type Page, type Request } from '@playwright/test';
import { encodeContext } from '@portal/contracts/context';
import { ACCOUNTS, apiLogin, type Lang } from './helpers';

/** The document specs' setup: a folder of the test on the demo's Boulangerie Martin, files sent through the API. */

export type World = {
  url: string;
  folder: string;
  folderId: number;
  headers: Record<string, string>;
  vendorId: number;
};

const stamp = String(Date.now()).slice(-8);

/** A folder of this test under the demo tree's root, and documents sent through the chunk API. */
export async function prepare(
  page: Page,
  lang: Lang,
  name: string,
  files: Record<string, string>,
): Promise<World> {
  const { access_token } = await apiLogin(page.request, ACCOUNTS.expert.email);
  const headers = { Authorization: `Bearer ${access_token}` };
  const get = async (url: string) => (await (await page.request.get(url, { headers })).json()).data;
  const firmId = ((await get('/api/users/me/accounting-firms')) as { id: number; name: string }[]).find(
    (f) => f.name === 'Cabinet Démo',
  )?.id as number;
  const vendorId = (
    (await get(`/api/users/me/accounting-firms/${firmId}/vendors`)) as { id: number; company: string }[]
  ).find((v) => v.company === 'Boulangerie Martin')?.id as number;
  const [root] = (await get(`/api/vendors/${vendorId}/folders`)) as { id: number }[];
  const folder = `${name} ${lang.toUpperCase()} ${stamp}`;
  const created = await page.request.post(`/api/vendors/${vendorId}/folders`, {
    headers,
    data: { name: folder, parent_id: root?.id },
  });
  expect(created.status()).toBe(201);
  const folderId = (await created.json()).data.id as number;
  for (const [fileName, content] of Object.entries(files))
    await send(page, headers, vendorId, folderId, fileName, content);
  return {
    url: `/documents/${encodeContext(firmId, vendorId)}/${folderId.toString(16)}`,
    folder,
    folderId,
    headers,
    vendorId,
  };
}

/** One file in one chunk of the flow.js protocol. */
export async function send(
  page: Page,
  headers: Record<string, string>,
  vendorId: number,
  folderId: number,
  name: string,
  content: string | Buffer,
) {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  const response = await page.request.post(`/api/vendors/${vendorId}/folders/${folderId}/uploads`, {
    headers,
    multipart: {
      flowChunkNumber: '1',
      flowChunkSize: '5242880',
      flowCurrentChunkSize: String(bytes.length),
      flowTotalSize: String(bytes.length),
      flowIdentifier: `${bytes.length}-${name.replace(/\W/g, '')}-${Math.random().toString(36).slice(2)}`,
      flowFilename: name,
      flowRelativePath: name,
      flowTotalChunks: '1',
      file: { name, mimeType: 'text/plain', buffer: bytes },
    },
  });
  expect(response.status(), `upload of ${name}`).toBe(200);
  return (await response.json()).data.id as number;
}

/**
 * A PDF of `pages` pages, each with its number (or `label`'s text) written on it (offsets computed
 * for the xref).
 */
export function makePdf(pages: number, label = (n: number) => `Page ${n}`): Buffer {
  const objects: string[] = [];
  const kids = Array.from({ length: pages }, (_, i) => `${4 + i * 2} 0 R`).join(' ');
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (let i = 0; i < pages; i++) {
    const stream = `BT /F1 48 Tf 72 700 Td (${label(i + 1)}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`,
    );
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  }
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A flow field of a chunk POST as the app sent it (the fields come before the file part). */
export function chunkField(request: Request, field: string): string | null {
  const head = (request.postDataBuffer() ?? Buffer.alloc(0)).subarray(0, 4096).toString('latin1');
  return new RegExp(`name="${field}"\\r\\n\\r\\n([^\\r]*)`).exec(head)?.[1] ?? null;
}

/** Chunk POSTs and test GETs of the chunk endpoint (for page.route and the request events). */
export const UPLOADS_URL = /\/api\/vendors\/\d+\/folders\/\d+\/uploads(\?|$)/;
