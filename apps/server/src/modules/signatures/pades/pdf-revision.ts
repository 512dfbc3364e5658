import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRef,
  PDFString,
  StandardFonts,
} from 'pdf-lib-incremental-save';
import { cadesDetached, type SigningKey } from './cades';

/** Bytes kept for the CMS signature (hex doubles it): room for a time-stamp token later. */
export const SIGNATURE_SLOT_BYTES = 16384;
const PLACEHOLDER = '**********';

/** A field on a page: fractions of the page, origin top-left (as the editor draws them). */
export type FieldBox = { page: number; x: number; y: number; width: number; height: number };

export type Appearance = {
  box: FieldBox;
  /** A drawn signature (PNG or JPEG bytes). */
  image?: { bytes: Buffer; type: 'png' | 'jpeg' } | null;
  lines: string[];
};

export type RevisionOptions = {
  fieldName: string;
  signerName: string;
  reason: string;
  date: Date;
  /** Null for an invisible signature (the portal seal). */
  appearance: Appearance | null;
  /** Changes of the document made before the signature field (the audit trail pages). */
  before?: (doc: PDFDocument, mark: (ref: PDFRef) => void) => Promise<void>;
};

/** Helvetica (WinAnsi) cannot draw every character: the others become "?". */
const winAnsi = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/** The trailer's /Size of the last revision (pdf-lib misses it in files with object streams). */
function trailerSize(pdf: Buffer): number {
  const tail = pdf.subarray(Math.max(0, pdf.length - 4096)).toString('latin1');
  const matches = [...tail.matchAll(/\/Size\s+(\d+)/g)];
  return matches.length > 0 ? Number(matches[matches.length - 1]![1]) : 0;
}

/**
 * Appends one incremental revision to `pdf` holding a signature field (its appearance in its box,
 * or invisible) and a PAdES signature (`ETSI.CAdES.detached`) over the whole file; earlier
 * revisions are left byte for byte, so their signatures stay valid.
 */
export async function signRevision(pdf: Buffer, options: RevisionOptions, key: SigningKey): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const context = doc.context;
  context.largestObjectNumber = Math.max(context.largestObjectNumber, trailerSize(pdf) - 1);
  // The signature dictionary must be written as it is, never inside a compressed object stream.
  context.pdfFileDetails.useObjectStreams = false;
  const snapshot = doc.takeSnapshot();
  const mark = (ref: PDFRef) => snapshot.markRefForSave(ref);
  await options.before?.(doc, mark);

  const sigRef = context.register(
    context.obj({
      Type: 'Sig',
      Filter: 'Adobe.PPKLite',
      SubFilter: 'ETSI.CAdES.detached',
      ByteRange: [0, PDFName.of(PLACEHOLDER), PDFName.of(PLACEHOLDER), PDFName.of(PLACEHOLDER)],
      Contents: PDFHexString.of('0'.repeat(SIGNATURE_SLOT_BYTES * 2)),
      Name: PDFHexString.fromText(options.signerName),
      Reason: PDFHexString.fromText(options.reason),
      M: PDFString.fromDate(options.date),
    }),
  );

  const pageIndex = options.appearance ? options.appearance.box.page - 1 : 0;
  const page = doc.getPage(pageIndex);
  let rect = [0, 0, 0, 0];
  let apRef: PDFRef;
  if (options.appearance) {
    const { box } = options.appearance;
    const media = page.getMediaBox();
    const x1 = media.x + box.x * media.width;
    const y2 = media.y + media.height - box.y * media.height;
    const w = box.width * media.width;
    const h = box.height * media.height;
    rect = [x1, y2 - h, x1 + w, y2];
    apRef = await appearanceStream(doc, options.appearance, w, h);
  } else {
    apRef = context.register(context.stream('', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 0, 0] }));
  }
  const widgetRef = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      Rect: rect,
      V: sigRef,
      T: PDFHexString.fromText(options.fieldName),
      F: 132, // print + locked
      P: page.ref,
      AP: { N: apRef },
    }),
  );

  const annots = page.node.get(PDFName.of('Annots'));
  if (annots instanceof PDFRef) {
    context.lookup(annots, PDFArray).push(widgetRef);
    mark(annots);
  } else {
    const list = annots instanceof PDFArray ? annots : context.obj([]);
    list.push(widgetRef);
    page.node.set(PDFName.of('Annots'), list);
    mark(page.ref);
  }
  const rootRef = context.trailerInfo.Root as PDFRef;
  const acroEntry = doc.catalog.get(PDFName.of('AcroForm'));
  if (acroEntry === undefined) {
    const formRef = context.register(context.obj({ Fields: [widgetRef], SigFlags: 3 }));
    doc.catalog.set(PDFName.of('AcroForm'), formRef);
    mark(rootRef);
  } else {
    const form = acroEntry instanceof PDFRef ? context.lookup(acroEntry, PDFDict) : (acroEntry as PDFDict);
    if (acroEntry instanceof PDFRef) mark(acroEntry);
    else mark(rootRef);
    form.set(PDFName.of('SigFlags'), PDFNumber.of(3));
    const fields = form.get(PDFName.of('Fields'));
    if (fields instanceof PDFRef) {
      context.lookup(fields, PDFArray).push(widgetRef);
      mark(fields);
    } else if (fields instanceof PDFArray) fields.push(widgetRef);
    else form.set(PDFName.of('Fields'), context.obj([widgetRef]));
  }

  const increment = Buffer.from(await doc.saveIncremental(snapshot));
  return fillSignature(Buffer.concat([pdf, increment]), pdf.length, key);
}

async function appearanceStream(
  doc: PDFDocument,
  appearance: Appearance,
  w: number,
  h: number,
): Promise<PDFRef> {
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const lines = appearance.lines.map(winAnsi);
  const size = Math.max(4, Math.min(9, (h * 0.5) / Math.max(1, lines.length) - 1));
  const textHeight = lines.length * (size + 1) + 2;
  const ops: string[] = [
    'q 0.16 0.33 0.62 RG 0.8 w',
    `0.4 0.4 ${(w - 0.8).toFixed(2)} ${(h - 0.8).toFixed(2)} re S`,
    'Q',
  ];
  const resources = doc.context.obj({ Font: { F1: font.ref } });
  if (appearance.image) {
    const image =
      appearance.image.type === 'png'
        ? await doc.embedPng(appearance.image.bytes)
        : await doc.embedJpg(appearance.image.bytes);
    const areaW = w - 4;
    const areaH = Math.max(1, h - textHeight - 4);
    const scale = Math.min(areaW / image.width, areaH / image.height);
    const iw = image.width * scale;
    const ih = image.height * scale;
    const ix = 2 + (areaW - iw) / 2;
    const iy = textHeight + 2 + (areaH - ih) / 2;
    ops.push(`q ${iw.toFixed(2)} 0 0 ${ih.toFixed(2)} ${ix.toFixed(2)} ${iy.toFixed(2)} cm /Im1 Do Q`);
    resources.set(PDFName.of('XObject'), doc.context.obj({ Im1: image.ref }));
  }
  lines.forEach((line, i) => {
    const y = textHeight - (i + 1) * (size + 1);
    ops.push(
      `BT 0.1 0.1 0.1 rg /F1 ${size.toFixed(2)} Tf 3 ${y.toFixed(2)} Td ${font.encodeText(line).toString()} Tj ET`,
    );
  });
  return doc.context.register(
    doc.context.stream(ops.join('\n'), {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, w, h],
      Resources: resources,
    }),
  );
}

/** Writes the ByteRange of the last revision's placeholder and the CMS signature into it. */
async function fillSignature(pdf: Buffer, from: number, key: SigningKey): Promise<Buffer> {
  const text = pdf.toString('latin1');
  const pattern = /\/ByteRange\s*\[\s*0\s+\/\*{10}\s+\/\*{10}\s+\/\*{10}\s*\]/g;
  pattern.lastIndex = from;
  const found = pattern.exec(text);
  if (!found) throw new Error('signature placeholder not found');
  const start = found.index;
  const end = start + found[0].length;
  const contentsAt = text.indexOf('/Contents', end);
  const open = text.indexOf('<', contentsAt);
  const close = text.indexOf('>', open);
  const range = [0, open, close + 1, pdf.length - (close + 1)];
  const written = `/ByteRange [${range.join(' ')}]`;
  if (written.length > found[0].length) throw new Error('byte range does not fit');
  Buffer.from(written.padEnd(found[0].length, ' '), 'latin1').copy(pdf, start);
  const signed = Buffer.concat([pdf.subarray(0, open), pdf.subarray(close + 1)]);
  const cms = await cadesDetached(signed, key);
  const hex = cms.toString('hex');
  if (hex.length > close - open - 1) throw new Error('signature exceeds its slot');
  Buffer.from(hex.padEnd(close - open - 1, '0'), 'latin1').copy(pdf, open + 1);
  return pdf;
}
