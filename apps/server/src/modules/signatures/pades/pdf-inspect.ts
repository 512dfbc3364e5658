import { EncryptedPDFError, PDFDocument } from 'pdf-lib-incremental-save';

export type PdfProblem = 'pdf-encrypted' | 'pdf-unreadable';

/** The page count of a PDF a request may be made on, or why it cannot be signed. */
export async function inspectPdf(bytes: Buffer): Promise<{ pages: number } | { problem: PdfProblem }> {
  if (bytes.subarray(0, 1024).indexOf('%PDF-') < 0) return { problem: 'pdf-unreadable' };
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
    const pages = doc.getPageCount();
    return pages > 0 ? { pages } : { problem: 'pdf-unreadable' };
  } catch (error) {
    return { problem: error instanceof EncryptedPDFError ? 'pdf-encrypted' : 'pdf-unreadable' };
  }
}
