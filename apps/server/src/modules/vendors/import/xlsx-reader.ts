import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import { entryChunks, type InflateBudget, type ZipEntry, zipEntries } from './zip-entries';

/**
 * A streaming reader of the parts of an .xlsx workbook the import needs: its sheets, date styles,
 * one sheet's rows in order, and the shared strings those rows use. Each part is inflated and
 * parsed chunk by chunk from the uploaded bytes, so that memory does not grow with the file:
 *
 * - everything inflated, over every part and pass, counts against one budget (a zip bomb stops
 *   there, whatever sizes the archive declares, and an entry may not inflate past its own);
 * - XML without a tag for more than `MAX_RUN_BYTES` is refused (the parser accumulates text and
 *   attribute values until the next tag: one giant cell would otherwise be held whole), and so is
 *   XML nested deeper than `MAX_DEPTH` (the parser keeps every open element);
 * - the text kept from the file (rows and resolved shared strings) is capped at `MAX_KEPT_CHARS`;
 * - a sheet is read row by row and the caller stops when it has what it needs.
 *
 * Anything unreadable fails with `XlsxError`.
 */

export class XlsxError extends Error {}

/** Inflated bytes one workbook may produce in total: a 500-row import needs one or two MB. */
export const MAX_UNPACKED_BYTES = 32 * 1024 * 1024;
/** Longest run of XML without a tag (Excel's longest cell, 32,767 characters, is ~100 KB). */
const MAX_RUN_BYTES = 1024 * 1024;
/** Characters of cell text kept in memory at once (500 rows of 14 columns need well under 1 MB). */
const MAX_KEPT_CHARS = 8 * 1024 * 1024;
/** Deepest nesting of elements (a sheet needs 6): the parser keeps every open element. */
const MAX_DEPTH = 64;
/** Excel's last column (XFD): cells further right are not read. */
const MAX_COLUMN = 16_384;

type Tag = { name: string; attributes: Record<string, string>; isSelfClosing: boolean };

/** What parsing a part calls, synchronously, for each tag (its local name: `x:row` -> `row`) and text. */
type XmlHandler = {
  open?: (name: string, tag: Tag) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
};

/** The local part of a qualified name: `x:row` -> `row`. */
const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/** An attribute by its local name (`r:id` and `ns1:id` alike). */
function attribute(attributes: Record<string, string>, name: string): string | undefined {
  const value = attributes[name];
  if (value !== undefined) return value;
  for (const key in attributes) {
    if (key.length > name.length && key.endsWith(name) && key[key.length - name.length - 1] === ':') {
      return attributes[key];
    }
  }
  return undefined;
}

/**
 * Parses inflated chunks, calling `handler` as it goes (no event is kept), and yields after each
 * chunk so that the caller can hand over what it gathered, or stop.
 */
async function* parseXml(chunks: AsyncIterable<Buffer>, handler: XmlHandler): AsyncGenerator<void> {
  const parser = new SaxesParser();
  const decoder = new StringDecoder('utf8');
  let tags = 0;
  let depth = 0;
  const { open, close, text } = handler;
  parser.on('opentag', (tag) => {
    tags++;
    if (++depth > MAX_DEPTH) throw new XlsxError('XML nested too deep');
    open?.(localName(tag.name), tag);
  });
  parser.on('closetag', (tag) => {
    tags++;
    depth--;
    close?.(localName(tag.name));
  });
  if (text) {
    parser.on('text', text);
    parser.on('cdata', text);
  }
  let run = 0;
  const write = (xml: string | null) => {
    try {
      if (xml === null) parser.close();
      else parser.write(xml);
    } catch (error) {
      if (error instanceof XlsxError) throw error;
      throw new XlsxError(`malformed XML: ${(error as Error).message}`);
    }
  };
  for await (const chunk of chunks) {
    tags = 0;
    write(decoder.write(chunk));
    run = tags > 0 ? 0 : run + chunk.length;
    if (run > MAX_RUN_BYTES) throw new XlsxError('XML text too long');
    yield;
  }
  write(decoder.end());
  write(null);
  yield;
}

/** 'A' -> 1, 'AB' -> 28: the column of a cell reference such as `AB12`. */
function columnOf(reference: string): number {
  let column = 0;
  for (const char of reference.toUpperCase()) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + code - 64;
    if (column > MAX_COLUMN) return MAX_COLUMN + 1;
  }
  return column;
}

/** A part's path from a relationship target relative to `xl/` (or absolute). */
function partPath(target: string): string {
  const parts: string[] = target.startsWith('/') ? [] : ['xl'];
  for (const segment of target.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '' && segment !== '.') parts.push(segment);
  }
  return parts.join('/');
}

/** Whether an Excel number format shows a date or time (the rule exceljs applies). */
function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  return /[ymdhMsb]/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** Built-in number formats that are dates or times (ECMA-376 18.8.30, as exceljs knows them). */
const BUILT_IN_DATES: ReadonlySet<number> = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** A cell as the sheet stores it: final text, or an index into the shared strings. */
export type RawCell = { text: string; numeric: boolean } | { shared: number };

/** A row and its kept cells with a value, by column number (1 = A). */
export type RawRow = { row: number; cells: Map<number, RawCell> };

export type SheetInfo = { name: string; path: string };

/** An empty text is no value (Excel's blank cells, and cells of spaces once trimmed). */
const isBlank = (cell: RawCell) => 'text' in cell && cell.text === '';

export class XlsxReader {
  private readonly budget: InflateBudget = { remaining: MAX_UNPACKED_BYTES };
  private readonly entries: Map<string, ZipEntry>;
  private relations = new Map<string, { type: string; path: string }>();
  private date1904 = false;
  private kept = 0;

  /** Fails with `XlsxError` unless the bytes are a ZIP archive holding `xl/workbook.xml`. */
  constructor(private readonly buffer: Buffer) {
    const entries = zipEntries(buffer);
    if (!entries) throw new XlsxError('not a ZIP archive');
    this.entries = new Map(entries.map((e) => [e.name, e]));
    if (!this.entries.has('xl/workbook.xml')) throw new XlsxError('no xl/workbook.xml');
  }

  /** Parses a part with `handler`, yielding after each inflated chunk. */
  private async *parse(path: string, handler: XmlHandler): AsyncGenerator<void> {
    const entry = this.entries.get(path);
    if (!entry) throw new XlsxError(`no ${path}`);
    try {
      yield* parseXml(entryChunks(this.buffer, entry, this.budget), handler);
    } catch (error) {
      if (error instanceof XlsxError) throw error;
      throw new XlsxError((error as Error).message);
    }
  }

  /** Parses a whole part with `handler`. */
  private async parseAll(path: string, handler: XmlHandler): Promise<void> {
    for await (const _ of this.parse(path, handler)) {
      // The handler gathers everything.
    }
  }

  /** Counts text the caller keeps; fails past `MAX_KEPT_CHARS`. */
  private keep(text: string): string {
    this.kept += text.length;
    if (this.kept > MAX_KEPT_CHARS) throw new XlsxError('too much text');
    return text;
  }

  /** The worksheets in the workbook's order, with their parts (and the workbook's date system). */
  async sheets(): Promise<SheetInfo[]> {
    if (this.entries.has('xl/_rels/workbook.xml.rels')) {
      await this.parseAll('xl/_rels/workbook.xml.rels', {
        open: (name, tag) => {
          if (name !== 'Relationship') return;
          const id = attribute(tag.attributes, 'Id');
          const target = attribute(tag.attributes, 'Target');
          const type = attribute(tag.attributes, 'Type') ?? '';
          if (id && target) this.relations.set(id, { type, path: partPath(target) });
        },
      });
    }
    const sheets: SheetInfo[] = [];
    await this.parseAll('xl/workbook.xml', {
      open: (name, tag) => {
        if (name === 'workbookPr') {
          this.date1904 = ['1', 'true'].includes(attribute(tag.attributes, 'date1904') ?? '');
        } else if (name === 'sheet') {
          const relation = this.relations.get(attribute(tag.attributes, 'id') ?? '');
          if (relation?.type.endsWith('/worksheet')) {
            sheets.push({ name: attribute(tag.attributes, 'name') ?? '', path: relation.path });
          }
        }
      },
    });
    return sheets;
  }

  private partOfType(suffix: string, fallback: string): string | undefined {
    for (const relation of this.relations.values()) {
      if (relation.type.endsWith(suffix) && this.entries.has(relation.path)) return relation.path;
    }
    return this.entries.has(fallback) ? fallback : undefined;
  }

  /** The cell styles (`s` of a cell) whose number format shows a date. */
  async dateStyles(): Promise<Set<number>> {
    const path = this.partOfType('/styles', 'xl/styles.xml');
    const dates = new Set<number>();
    if (!path) return dates;
    const formats = new Map<number, string>();
    let inCellXfs = false;
    let xf = 0;
    await this.parseAll(path, {
      open: (name, tag) => {
        if (name === 'numFmt') {
          formats.set(
            Number(attribute(tag.attributes, 'numFmtId')),
            attribute(tag.attributes, 'formatCode') ?? '',
          );
        } else if (name === 'cellXfs') {
          inCellXfs = !tag.isSelfClosing;
        } else if (name === 'xf' && inCellXfs) {
          const id = Number(attribute(tag.attributes, 'numFmtId') ?? 0);
          if (id && (formats.has(id) ? isDateFormat(formats.get(id)) : BUILT_IN_DATES.has(id))) dates.add(xf);
          xf++;
        }
      },
      close: (name) => {
        if (name === 'cellXfs') inCellXfs = false;
      },
    });
    return dates;
  }

  /**
   * The rows of a sheet with a value in a kept column (`keepColumn`), in order, a batch per
   * inflated chunk; other cells are parsed, not kept, and an empty text is no value. Stops at
   * the end of `<sheetData>`, or wherever the caller stops iterating.
   */
  async *rows(
    path: string,
    dateStyles: Set<number>,
    keepColumn: (column: number) => boolean,
  ): AsyncGenerator<RawRow[]> {
    let inRow = false;
    let rowNumber = 0;
    let cells: Map<number, RawCell> | null = null;
    // The current cell.
    let column = 0;
    let keepCell = false;
    let type = 'n';
    let style = -1;
    let value: string | undefined;
    let inline: string | undefined;
    let formula = false;
    let capture: 'v' | 'inline' | null = null;
    let inlineDepth = 0;
    let phonetic = 0;

    const cellValue = (): RawCell | null => {
      if (value === undefined && inline === undefined && !formula) return null;
      if (type === 'inlineStr') return { text: (inline ?? '').trim(), numeric: false };
      if (value === undefined) return { text: '', numeric: false };
      if (type === 's' && !formula) {
        const index = Number.parseInt(value, 10);
        return Number.isInteger(index) && index >= 0 ? { shared: index } : { text: '', numeric: false };
      }
      if (type === 'str' || type === 's') return { text: value.trim(), numeric: false };
      if (type === 'b') return { text: Number.parseInt(value, 10) !== 0 ? 'true' : 'false', numeric: false };
      if (type === 'e') return { text: value, numeric: false };
      const number = Number.parseFloat(value);
      if (dateStyles.has(style) && Number.isFinite(number)) {
        const date = new Date(Math.round((number - 25569 + (this.date1904 ? 1462 : 0)) * 86_400_000));
        if (!Number.isNaN(date.getTime())) return { text: date.toISOString().slice(0, 10), numeric: false };
      }
      return { text: String(number), numeric: true };
    };

    let done: RawRow[] = [];
    let finished = false;
    const handler: XmlHandler = {
      text: (text) => {
        if (!keepCell || phonetic > 0) return;
        if (capture === 'v') value = (value ?? '') + this.keep(text);
        else if (capture === 'inline') inline = (inline ?? '') + this.keep(text);
      },
      open: (name, tag) => {
        switch (name) {
          case 'row': {
            const r = Number.parseInt(attribute(tag.attributes, 'r') ?? '', 10);
            rowNumber = Number.isInteger(r) && r > 0 ? r : rowNumber + 1;
            inRow = !tag.isSelfClosing && !finished;
            cells = null;
            column = 0;
            break;
          }
          case 'c': {
            const reference = attribute(tag.attributes, 'r');
            column = reference ? columnOf(reference) : column + 1;
            keepCell = inRow && column >= 1 && column <= MAX_COLUMN && keepColumn(column);
            type = attribute(tag.attributes, 't') ?? 'n';
            style = Number.parseInt(attribute(tag.attributes, 's') ?? '-1', 10);
            value = undefined;
            inline = undefined;
            formula = false;
            capture = null;
            inlineDepth = 0;
            phonetic = 0;
            break;
          }
          case 'v':
            capture = 'v';
            break;
          case 'f':
            formula = true;
            break;
          case 'is':
            inlineDepth++;
            break;
          case 'rPh':
            phonetic++;
            break;
          case 't':
            if (inlineDepth > 0) capture = 'inline';
            break;
        }
      },
      close: (name) => {
        switch (name) {
          case 'v':
            capture = null;
            break;
          case 't':
            if (capture === 'inline') capture = null;
            break;
          case 'is':
            inlineDepth = Math.max(0, inlineDepth - 1);
            break;
          case 'rPh':
            phonetic = Math.max(0, phonetic - 1);
            break;
          case 'c': {
            const cell = keepCell ? cellValue() : null;
            if (cell && !isBlank(cell)) {
              cells ??= new Map();
              cells.set(column, cell);
            }
            keepCell = false;
            value = undefined;
            inline = undefined;
            break;
          }
          case 'row':
            if (inRow && cells) done.push({ row: rowNumber, cells });
            inRow = false;
            cells = null;
            break;
          case 'sheetData':
            finished = true;
            break;
        }
      },
    };

    for await (const _ of this.parse(path, handler)) {
      if (done.length > 0) yield done;
      done = [];
      if (finished) return;
    }
  }

  /**
   * The shared strings at `indexes`, trimmed (rich text joined, phonetic runs left out), added
   * to `found`; indexes past the table's end are ''. Reads the table only up to the highest.
   */
  async sharedStrings(indexes: Iterable<number>, found: Map<number, string>): Promise<void> {
    const wanted = new Set([...indexes].filter((i) => !found.has(i)));
    if (wanted.size === 0) return;
    const last = Math.max(...wanted);
    const path = this.partOfType('/sharedStrings', 'xl/sharedStrings.xml');
    if (path) {
      let index = -1;
      let text: string | null = null;
      let phonetic = 0;
      let inText = false;
      let passed = false;
      const handler: XmlHandler = {
        open: (name, tag) => {
          if (name === 'si') {
            index++;
            passed ||= index > last;
            text = !passed && wanted.has(index) ? '' : null;
          } else if (name === 'rPh') phonetic++;
          else if (name === 't') inText = !tag.isSelfClosing;
        },
        close: (name) => {
          if (name === 'rPh') phonetic = Math.max(0, phonetic - 1);
          else if (name === 't') inText = false;
          else if (name === 'si' && text !== null) {
            found.set(index, text.trim());
            text = null;
          }
        },
        text: (chunk) => {
          if (text !== null && inText && phonetic === 0) text += this.keep(chunk);
        },
      };
      for await (const _ of this.parse(path, handler)) if (passed) break;
    }
    for (const i of wanted) if (!found.has(i)) found.set(i, '');
  }
}
