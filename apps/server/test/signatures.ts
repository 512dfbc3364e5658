import { PDFDocument, StandardFonts } from 'pdf-lib-incremental-save';

/** A small PDF of `pages` A4 pages, with text on the first. */
export async function samplePdf(pages = 2, title = 'Lettre de mission'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(i === 0 ? title : `Page ${i + 1}`, { x: 50, y: 760, size: 18, font });
  }
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

/** A 1x1 PNG, as a data URL: a drawn signature. */
export const DRAWN_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const FIELD = { page: 1, x: 0.1, y: 0.7, width: 0.3, height: 0.1 };
