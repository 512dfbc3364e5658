import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { TextDecoder } from 'node:util';
import type { OfficeConverter } from '../../../platform/office/office-converter';
import { zipEntries } from './zip-entry';

/**
 * Reading a content's text for the search: plain text and CSV as they are, PDF through poppler's
 * `pdftotext`, DOCX and XLSX from their XML (or the office preview's PDF when one exists), other
 * office files through LibreOffice, and scanned PDFs and images through tesseract (`fra+eng`).
 * The tools are Debian packages (`poppler-utils`, `tesseract-ocr`, `-fra`, `-eng`); a missing one
 * is reported (`missing <tool>`), never guessed around.
 */
export type TextMethod = 'text' | 'pdf' | 'office' | 'ocr' | 'none';
export type TextLanguage = 'french' | 'english';
export type ExtractedText = {
  content: string;
  method: TextMethod;
  pages: number | null;
  language: TextLanguage;
  error: string | null;
};

/** Stored text is cut here (the index reads the first 200,000 characters). */
export const MAX_TEXT_CHARS = 1_000_000;
/** A scanned PDF is read up to this page (OCR takes seconds per page). */
export const MAX_OCR_PAGES = 30;
const TOOL_TIMEOUT_MS = 120_000;

const PLAIN: ReadonlySet<string> = new Set(['txt', 'csv', 'tsv', 'md', 'text', 'log']);
const IMAGES: ReadonlySet<string> = new Set(['png', 'jpg', 'jpeg', 'tif', 'tiff', 'bmp', 'webp', 'gif']);
const OFFICE: ReadonlySet<string> = new Set([
  'doc',
  'docx',
  'odt',
  'rtf',
  'xls',
  'xlsx',
  'ods',
  'ppt',
  'pptx',
  'odp',
]);

export class MissingTool extends Error {
  constructor(readonly tool: string) {
    super(`missing ${tool}`);
  }
}

type Run = { stdout: Buffer; stderr: string; code: number | null };

/** Runs a tool (no shell), its output collected; a tool not installed throws `MissingTool`. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let err = '';
    let size = 0;
    const timer = setTimeout(() => child.kill('SIGKILL'), TOOL_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_TEXT_CHARS * 4) out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 2000) err += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(error.code === 'ENOENT' ? new MissingTool(command) : error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ stdout: Buffer.concat(out), stderr: err.trim(), code });
    });
  });
}

const FRENCH: ReadonlySet<string> = new Set(
  'le la les des du de et est une un pour dans sur au aux que qui par avec pas ce cette nous vous sont'.split(
    ' ',
  ),
);
const ENGLISH: ReadonlySet<string> = new Set(
  'the and of to is in for with that on by this are be from at as it an or was'.split(' '),
);

/** French unless the text's common words are mostly English (the firms are French). */
export function languageOf(text: string): TextLanguage {
  let fr = 0;
  let en = 0;
  for (const word of text
    .slice(0, 20_000)
    .toLowerCase()
    .split(/[^a-zà-ÿ']+/)) {
    if (FRENCH.has(word)) fr++;
    else if (ENGLISH.has(word)) en++;
  }
  return en > fr ? 'english' : 'french';
}

/** UTF-8 when valid, else Windows-1252 (the usual CSV exports). */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const clean = (text: string) =>
  text.replace(/[\u0000-\u0008\u000b\u000e-\u001f\u27e6\u27e7]/g, ' ').slice(0, MAX_TEXT_CHARS);

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const decodeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
    }
    return ENTITIES[e] ?? whole;
  });

/** DOCX paragraphs (body, headers, footers) and XLSX cells (shared and inline strings). */
export function officeXmlText(zip: Buffer, extension: 'docx' | 'xlsx'): string {
  if (extension === 'docx') {
    const parts = zipEntries(zip, (n) => /^word\/(document|header\d*|footer\d*)\.xml$/.test(n));
    return [...parts.values()]
      .map((xml) =>
        decodeXml(
          xml
            .toString('utf8')
            .replace(/<w:tab\/>/g, ' ')
            .replace(/<\/w:p>/g, '\n')
            .replace(/<[^>]+>/g, ''),
        ),
      )
      .join('\n');
  }
  const parts = zipEntries(
    zip,
    (n) => n === 'xl/sharedStrings.xml' || /^xl\/worksheets\/sheet\d+\.xml$/.test(n),
  );
  const texts: string[] = [];
  for (const xml of parts.values()) {
    for (const m of xml.toString('utf8').matchAll(/<(t|v)(?:\s[^>]*)?>([^<]*)<\/\1>/g))
      texts.push(decodeXml(m[2]!));
  }
  return texts.join('\n');
}

/** A PDF's text and page count (`pdftotext` ends each page with a form feed). */
async function pdfText(file: string): Promise<{ text: string; pages: number }> {
  const r = await run('pdftotext', ['-enc', 'UTF-8', '-q', file, '-']);
  if (r.code !== 0) throw new Error(r.stderr || `pdftotext exited with ${r.code}`);
  const text = r.stdout.toString('utf8');
  return { text, pages: Math.max(1, text.split('\f').length - 1) };
}

/** One image's text by tesseract (one thread: 7x faster on a shared machine). */
async function ocrImage(file: string): Promise<string> {
  const r = await run('tesseract', [file, 'stdout', '-l', 'fra+eng'], { OMP_THREAD_LIMIT: '1' });
  if (r.code !== 0) throw new Error(r.stderr || `tesseract exited with ${r.code}`);
  return r.stdout.toString('utf8');
}

/** A scanned PDF: its pages rendered in grey at 300 dpi (`pdftoppm`), each read by tesseract. */
async function ocrPdf(file: string, dir: string): Promise<{ text: string; pages: number }> {
  const prefix = path.join(dir, 'page');
  const r = await run('pdftoppm', ['-r', '300', '-gray', '-l', String(MAX_OCR_PAGES), file, prefix]);
  if (r.code !== 0) throw new Error(r.stderr || `pdftoppm exited with ${r.code}`);
  const images = (await fs.readdir(dir)).filter((n) => n.startsWith('page')).sort();
  const texts: string[] = [];
  for (const image of images) texts.push(await ocrImage(path.join(dir, image)));
  return { text: texts.join('\n\f'), pages: images.length };
}

/** Too little text for its pages: a scan (or only images), to be read by OCR. */
const looksScanned = (text: string, pages: number) => text.replace(/\s+/g, '').length < 20 * pages;

const result = (content: string, method: TextMethod, pages: number | null, error: string | null = null) => {
  const text = clean(content);
  return { content: text, method, pages, language: languageOf(text), error } satisfies ExtractedText;
};

/**
 * The text of the content in `file` (named `extension`), working in `dir` (the caller's temporary
 * folder). `previewPdf`: the office preview LibreOffice made already, if any.
 */
export async function extractText(
  file: string,
  extension: string,
  dir: string,
  tools: { converter: OfficeConverter; previewPdf: string | null },
): Promise<ExtractedText> {
  const ext = extension.toLowerCase();
  try {
    if (PLAIN.has(ext)) return result(decodeText(await fs.readFile(file)), 'text', null);
    if (IMAGES.has(ext)) return result(await ocrImage(file), 'ocr', 1);
    if (ext === 'pdf') {
      const { text, pages } = await pdfText(file);
      if (!looksScanned(text, pages)) return result(text, 'pdf', pages);
      try {
        const ocr = await ocrPdf(file, dir);
        // The pictures' text, unless the few words of the text layer say more (a short page).
        const chars = (t: string) => t.replace(/\s+/g, '').length;
        if (chars(ocr.text) <= chars(text)) return result(text, 'pdf', pages);
        return result(ocr.text, 'ocr', ocr.pages);
      } catch (error) {
        return result(text, 'pdf', pages, error instanceof Error ? error.message : String(error));
      }
    }
    if (OFFICE.has(ext)) {
      if (tools.previewPdf) {
        const { text, pages } = await pdfText(tools.previewPdf);
        return result(text, 'office', pages);
      }
      if (ext === 'docx' || ext === 'xlsx')
        return result(officeXmlText(await fs.readFile(file), ext), 'office', null);
      if (!tools.converter.binary) return result('', 'none', null, 'missing soffice');
      const pdf = await tools.converter.toPdf(file, path.join(dir, 'office'));
      const { text, pages } = await pdfText(pdf);
      return result(text, 'office', pages);
    }
    return result('', 'none', null);
  } catch (error) {
    return result('', 'none', null, error instanceof Error ? error.message : String(error));
  }
}
