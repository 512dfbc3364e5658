import { once } from 'node:events';
import zlib from 'node:zlib';

/**
 * Hand-made .xlsx archives for the import's tests: large or hostile workbooks that a spreadsheet
 * library would not write (600,000 rows in a few megabytes, zip bombs, archives that lie about
 * their sizes). Entries are deflated as they are generated, so no test holds their text whole.
 */

/** An entry's content: text or bytes, generated pieces, or a unit repeated many times. */
export type EntryContent =
  | string
  | Buffer
  | Iterable<string | Buffer>
  | { before: string; repeat: string; times: number; after: string };

export type ArchiveEntry = {
  name: string;
  content: EntryContent;
  /** The uncompressed size the archive declares; the real one by default (a lie makes a bomb). */
  declaredSize?: number;
};

type Packed = { data: Buffer; size: number; crc: number };

const bytes = (piece: string | Buffer) => (typeof piece === 'string' ? Buffer.from(piece) : piece);

/** Deflates generated pieces through one stream, never holding the whole text. */
async function deflateStream(pieces: Iterable<string | Buffer>): Promise<Packed> {
  const deflate = zlib.createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  let size = 0;
  let crc = 0;
  for (const piece of pieces) {
    const buffer = bytes(piece);
    size += buffer.length;
    crc = zlib.crc32(buffer, crc);
    if (!deflate.write(buffer)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return { data: Buffer.concat(out), size, crc };
}

/**
 * A repeated unit deflated once and its compressed block repeated: a full flush makes each block
 * independent, so gigabytes cost milliseconds and a few kilobytes per megabyte.
 */
function deflateRepeated(before: string, repeat: string, times: number, after: string): Packed {
  const flush = { finishFlush: zlib.constants.Z_FULL_FLUSH, level: 9 };
  const unit = Buffer.from(repeat);
  const block = zlib.deflateRawSync(unit, flush);
  let crc = zlib.crc32(before);
  for (let i = 0; i < times; i++) crc = zlib.crc32(unit, crc);
  crc = zlib.crc32(after, crc);
  return {
    data: Buffer.concat([
      zlib.deflateRawSync(before, flush),
      ...Array.from({ length: times }, () => block),
      zlib.deflateRawSync(after),
    ]),
    size: Buffer.byteLength(before) + unit.length * times + Buffer.byteLength(after),
    crc,
  };
}

async function pack(content: EntryContent): Promise<Packed> {
  if (typeof content === 'string' || Buffer.isBuffer(content)) return deflateStream([content]);
  if ('repeat' in content) {
    return deflateRepeated(content.before, content.repeat, content.times, content.after);
  }
  return deflateStream(content);
}

/** A ZIP archive of deflated entries (no ZIP64: every size must stay under 4 GiB). */
export async function zipArchive(entries: ArchiveEntry[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { data, size, crc } = await pack(entry.content);
    const name = Buffer.from(entry.name);
    const declared = entry.declaredSize ?? size;
    if (declared > 0xfffffffe || data.length > 0xfffffffe) throw new Error(`${entry.name} needs ZIP64`);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The sheet's opening and closing around its rows, as Excel writes them. */
export const SHEET_START = `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><dimension ref="A1"/><sheetData>`;
export const SHEET_END =
  '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';

/** The shared strings part of the given strings. */
export function sharedStringsXml(strings: string[]): string {
  const items = strings.map((s) => `<si><t xml:space="preserve">${s}</t></si>`).join('');
  return `${XML}<sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">${items}</sst>`;
}

/**
 * A workbook with one sheet 'Clients', in Excel's order of entries: the sheet, then its shared
 * strings (which a streaming reader meets after the rows that use them).
 */
export function workbookEntries(
  sheet: Omit<ArchiveEntry, 'name'>,
  sharedStrings?: Omit<ArchiveEntry, 'name'>,
): ArchiveEntry[] {
  return [
    {
      name: '[Content_Types].xml',
      content: `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      content: `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      content: `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Clients" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', ...sheet },
    ...(sharedStrings ? [{ name: 'xl/sharedStrings.xml', ...sharedStrings }] : []),
  ];
}
