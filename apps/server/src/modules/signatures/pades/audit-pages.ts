import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFRef,
  StandardFonts,
} from 'pdf-lib-incremental-save';

const winAnsi = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/** Lines cut to the page's width (Helvetica 8 pt: about 110 characters). */
function wrap(line: string, width = 110): string[] {
  const out: string[] = [];
  let rest = line;
  while (rest.length > width) {
    out.push(rest.slice(0, width));
    rest = `    ${rest.slice(width)}`;
  }
  out.push(rest);
  return out;
}

/** Appends the audit pages, marking the page tree nodes the insertion changes (all of them). */
export async function appendAuditPages(doc: PDFDocument, mark: (ref: PDFRef) => void, lines: string[]) {
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const perPage = 70;
  const all = lines.flatMap((l) => wrap(winAnsi(l)));
  for (let start = 0; start < all.length; start += perPage) {
    const page = doc.addPage([595, 842]);
    all.slice(start, start + perPage).forEach((line, i) => {
      const title = i === 0 && start === 0;
      page.drawText(line, { x: 40, y: 800 - i * 11, size: title ? 12 : 8, font: title ? bold : font });
    });
  }
  const rootRef = doc.catalog.get(PDFName.of('Pages'));
  const stack: PDFRef[] = rootRef instanceof PDFRef ? [rootRef] : [];
  while (stack.length) {
    const ref = stack.pop()!;
    const node = doc.context.lookup(ref);
    if (!(node instanceof PDFDict) || node.get(PDFName.of('Type')) !== PDFName.of('Pages')) continue;
    mark(ref);
    const kids = node.lookup(PDFName.of('Kids'));
    if (kids instanceof PDFArray)
      for (const kid of kids.asArray()) if (kid instanceof PDFRef) stack.push(kid);
  }
}
