import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupContext, type DocsWorld, docsWorld, upload } from '../../../../test/documents';
import { findSoffice } from '../../../platform/office/office-converter';
import { cleanup } from '../uploads/uploads.service';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-previews-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Creates a folder and uploads `files` in it; their document ids by name. */
async function filesIn(w: DocsWorld, folderName: string, files: Record<string, string>) {
  const folder = (
    await w.call('POST', `/api/vendors/${w.vendor}/folders`, 'expert', {
      name: folderName,
      parent_id: w.root,
    })
  ).body.data.id as number;
  const ids: Record<string, number> = {};
  for (const [name, content] of Object.entries(files)) {
    const res = await upload(w, folder, name, Buffer.from(content));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids[name] = res.body.data.id;
  }
  return ids;
}

const status = async (w: DocsWorld, id: number, who: 'expert' | 'guest' | 'client' = 'expert', query = '') =>
  w.call('GET', `/api/vendors/${w.vendor}/documents/${id}/preview${query}`, who);
/** Asks until the conversion is over, as the viewer does; the last status. */
async function settled(w: DocsWorld, id: number, timeoutMs = 20_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = (await status(w, id)).body.data.status as string;
    if (answer !== 'pending' || Date.now() > until) return answer;
    await new Promise((r) => setTimeout(r, 50));
  }
}
const pdfOf = (w: DocsWorld, id: number) =>
  w.t.app.inject({
    method: 'GET',
    url: `/api/vendors/${w.vendor}/documents/${id}/preview/content`,
    headers: { authorization: `Bearer ${w.tokens.expert}` },
  });

describe('office previews without LibreOffice', () => {
  let w: DocsWorld;
  let ids: Record<string, number>;
  beforeAll(async () => {
    w = await docsWorld({ env: { SOFFICE_PATH: path.join(tmp, 'no-such-soffice') } });
    ids = await filesIn(w, 'Sans convertisseur', { 'bilan.docx': 'not really a docx', 'notes.txt': 'text' });
  });
  afterAll(() => w.t.close());

  it('answers the "no converter" state for an office file, and no PDF', async () => {
    const res = await status(w, ids['bilan.docx']!);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: 'no-converter' } });
    expect((await pdfOf(w, ids['bilan.docx']!)).statusCode).toBe(404);
  });

  it('answers not-convertible for a file that is not an office file', async () => {
    expect((await status(w, ids['notes.txt']!)).body.data.status).toBe('not-convertible');
  });

  it('is read by every reader of the client file; another client file is 404', async () => {
    expect((await status(w, ids['bilan.docx']!, 'guest')).status).toBe(200);
    expect(
      (await w.call('GET', `/api/vendors/${w.otherVendor}/documents/${ids['bilan.docx']}/preview`, 'client'))
        .status,
    ).toBe(404);
    expect((await status(w, ids['bilan.docx']!, 'expert', '?version_id=999999')).status).toBe(404);
  });
});

/**
 * The conversion pipeline (background job, cache by content, one at a time, timeout, failures,
 * cleanup) with a stand-in for soffice: a script taking soffice's arguments that writes a small
 * PDF, fails, or hangs, according to the file's content. It proves the plumbing, not LibreOffice.
 */
describe('office previews with a stand-in converter (not LibreOffice)', () => {
  let w: DocsWorld;
  let ids: Record<string, number>;
  const calls = path.join(tmp, 'calls.log');
  const dataDir = path.join(tmp, 'data');
  beforeAll(async () => {
    const script = path.join(tmp, 'fake-soffice');
    fs.writeFileSync(
      script,
      `#!${process.execPath}
const fs = require('node:fs');
const path = require('node:path');
const args = process.argv.slice(2);
const input = args[args.length - 1];
const outDir = args[args.indexOf('--outdir') + 1];
const text = fs.readFileSync(input, 'utf8');
fs.appendFileSync(${JSON.stringify(calls)}, path.basename(input) + ' ' + text + '\\n');
if (text.startsWith('FAIL')) { console.error('source file could not be loaded'); process.exit(1); }
if (text.startsWith('HANG')) setTimeout(() => {}, 60000);
else {
  const busy = ${JSON.stringify(path.join(tmp, 'busy'))};
  if (fs.existsSync(busy)) fs.appendFileSync(${JSON.stringify(path.join(tmp, 'overlap.log'))}, text + '\\n');
  fs.writeFileSync(busy, text);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 150);
  fs.writeFileSync(path.join(outDir, path.parse(input).name + '.pdf'), '%PDF-1.4 stand-in of ' + text);
  fs.rmSync(busy);
}
`,
      { mode: 0o755 },
    );
    // Its own data folder: the cleanup below must not judge the shared blob store by this database.
    w = await docsWorld({ env: { SOFFICE_PATH: script, PREVIEW_TIMEOUT_SECONDS: '1', DATA_DIR: dataDir } });
    ids = await filesIn(w, 'Avec convertisseur', {
      'rapport.docx': 'OK report',
      'copie.odt': 'OK report',
      'casse.xlsx': 'FAIL broken',
      'bloque.pptx': 'HANG forever',
    });
  });
  afterAll(() => w.t.close());

  it('converts on the first ask (pending), then serves the PDF inline; the same content is converted once', async () => {
    const id = ids['rapport.docx']!;
    expect((await status(w, id)).body.data.status).toBe('pending');
    expect(await settled(w, id)).toBe('ready');
    const pdf = await pdfOf(w, id);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `inline; filename="rapport.pdf"; filename*=UTF-8''rapport.pdf`,
    );
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect(pdf.body).toBe('%PDF-1.4 stand-in of OK report');
    // Same bytes under another name (and extension): the cached PDF, no second conversion.
    expect((await status(w, ids['copie.odt']!)).body.data.status).toBe('ready');
    expect(fs.readFileSync(calls, 'utf8').match(/OK report/g)).toHaveLength(1);
  });

  it('records a failed conversion (LibreOffice refuses the file) as failed', async () => {
    expect((await status(w, ids['casse.xlsx']!)).body.data.status).toBe('pending');
    expect(await settled(w, ids['casse.xlsx']!)).toBe('failed');
    expect((await pdfOf(w, ids['casse.xlsx']!)).statusCode).toBe(404);
  });

  it('kills a conversion past PREVIEW_TIMEOUT_SECONDS and records it as failed', async () => {
    const started = Date.now();
    expect((await status(w, ids['bloque.pptx']!)).body.data.status).toBe('pending');
    expect((await status(w, ids['bloque.pptx']!)).body.data.status).toBe('pending');
    expect(await settled(w, ids['bloque.pptx']!)).toBe('failed');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(fs.readFileSync(calls, 'utf8').match(/HANG/g)).toHaveLength(1);
  });

  it('runs one conversion at a time', async () => {
    const more = await filesIn(w, 'File', { 'a.docx': 'OK a', 'b.docx': 'OK b', 'c.docx': 'OK c' });
    const log = path.join(tmp, 'overlap.log');
    expect(fs.existsSync(path.join(tmp, 'busy'))).toBe(false);
    const at = Object.values(more).map(async (id) => {
      expect((await status(w, id)).body.data.status).toBe('pending');
    });
    await Promise.all(at);
    for (const id of Object.values(more)) expect(await settled(w, id)).toBe('ready');
    // The stand-in notes a start while another conversion holds its "busy" file.
    expect(fs.existsSync(log)).toBe(false);
  });

  it('the cleanup removes the PDF with the last document of its content', async () => {
    const id = ids['rapport.docx']!;
    const copy = ids['copie.odt']!;
    expect((await status(w, id)).body.data.status).toBe('ready');
    for (const doc of [id, copy])
      expect((await w.call('DELETE', `/api/vendors/${w.vendor}/documents/${doc}`)).status).toBe(204);
    expect((await w.call('DELETE', `/api/vendors/${w.vendor}/trash`)).status).toBe(204);
    const ctx = cleanupContext(w, dataDir);
    await cleanup(ctx); // the source blob, and its preview row: the PDF queued
    expect((await cleanup(ctx)).blobs).toBeGreaterThanOrEqual(1); // the PDF
  });
});

const soffice = await findSoffice(process.env.SOFFICE_PATH);
if (!soffice)
  console.warn(
    'SKIPPED: office previews with LibreOffice: soffice not found (SOFFICE_PATH or PATH). Install LibreOffice to run them.',
  );

describe.skipIf(!soffice)(
  `office previews with LibreOffice (${soffice ?? 'SKIPPED: soffice not found on PATH nor SOFFICE_PATH'})`,
  () => {
    let w: DocsWorld;
    beforeAll(async () => {
      w = await docsWorld({ env: { SOFFICE_PATH: soffice!, PREVIEW_TIMEOUT_SECONDS: '120' } });
    }, 60_000);
    afterAll(() => w?.t.close());

    it('converts an RTF letter to a PDF the viewer can show', async () => {
      const { lettre } = await filesIn(w, 'LibreOffice', {
        'lettre.rtf': '{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times;}} \\f0 Bonjour le cabinet.\\par}',
      }).then((ids) => ({ lettre: ids['lettre.rtf']! }));
      expect((await status(w, lettre)).body.data.status).toBe('pending');
      expect(await settled(w, lettre, 120_000)).toBe('ready');
      const pdf = await pdfOf(w, lettre);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }, 150_000);
  },
);
