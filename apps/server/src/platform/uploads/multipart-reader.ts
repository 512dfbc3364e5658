import type { Readable } from 'node:stream';

/**
 * A pull reader of multipart/form-data bodies (RFC 7578) for routes that take text fields then one
 * file: the fields are read up to the first file part, whose content is then handed out as the
 * socket delivers it (sub-arrays of the received buffers, no copy). Written for the upload chunk
 * route, where a streaming parser's per-piece work was a fifth of the server's CPU; see
 * docs/decisions.md.
 */

/** A malformed body (400) or a limit passed (413): the caller maps these to its answers. */
export class MultipartError extends Error {
  constructor(
    readonly kind: 'malformed' | 'too-large' | 'field-too-long',
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'MultipartError';
  }
}

export type MultipartLimits = {
  /** Text fields read before the file; one more is a `too-large` error. */
  fields: number;
  /** Bytes of one field's value; more is a `field-too-long` error naming the field. */
  fieldSize: number;
};

export type FieldPart = { kind: 'field'; name: string; value: string };
export type FilePartHead = { kind: 'file'; name: string; filename: string; mimetype: string };

/** Bytes of one part's headers, and of what precedes the first boundary. */
const MAX_HEAD_BYTES = 16 * 1024;
/** Bytes of a field's name (busboy's default). */
const MAX_NAME_BYTES = 100;
const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');
const EMPTY = Buffer.alloc(0);

/** The boundary of a `multipart/form-data; boundary=...` content type, or null. */
export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const match = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]!) : null;
}

/** Bytes received ahead of the reader before the source is paused. */
const AHEAD_BYTES = 1024 * 1024;

/** Pulls a stream's buffers one at a time, pausing it when the reader falls behind (backpressure). */
class Pull {
  private readonly queue: Buffer[] = [];
  private queued = 0;
  private ended = false;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;
  private readonly onData = (piece: Buffer) => {
    this.queue.push(piece);
    this.queued += piece.length;
    if (this.queued >= AHEAD_BYTES) this.source.pause();
    this.signal();
  };
  private readonly onEnd = () => {
    this.ended = true;
    this.signal();
  };
  private readonly onError = (error: Error) => {
    this.failure = error;
    this.signal();
  };
  private readonly onClose = () => {
    if (!this.ended) this.failure ??= new MultipartError('malformed', 'the client closed the request');
    this.signal();
  };

  constructor(private readonly source: Readable) {
    source.on('data', this.onData);
    source.on('end', this.onEnd);
    source.on('error', this.onError);
    source.on('close', this.onClose);
  }

  /** The next buffer, or null once the body ended. */
  async next(): Promise<Buffer | null> {
    for (;;) {
      const piece = this.queue.shift();
      if (piece) {
        this.queued -= piece.length;
        if (this.queued < AHEAD_BYTES && this.source.isPaused()) this.source.resume();
        return piece;
      }
      if (this.failure) throw this.failure;
      if (this.ended) return null;
      this.source.resume();
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  /** Stops reading: what the client still sends is dropped, and the connection stays usable. */
  release(): void {
    this.source.off('data', this.onData);
    this.source.off('end', this.onEnd);
    this.source.off('close', this.onClose);
    this.source.off('error', this.onError);
    this.source.on('error', () => {});
    this.source.resume();
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}

export class MultipartReader {
  private readonly pull: Pull;
  /** `\r\n--boundary`: the body is read as if it began with CRLF, so the first one matches too. */
  private readonly delimiter: Buffer;
  /** Received bytes not consumed yet. */
  private buffered: Buffer = CRLF;
  private state: 'preamble' | 'part' | 'file' | 'end' = 'preamble';
  private fieldCount = 0;

  constructor(
    source: Readable,
    boundary: string,
    private readonly limits: MultipartLimits,
  ) {
    this.pull = new Pull(source);
    this.delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
  }

  /** Stops reading the body (call it whatever happened). */
  release(): void {
    this.pull.release();
  }

  /** The next field, or the first file part's head; null when the body ends first. */
  async next(): Promise<FieldPart | FilePartHead | null> {
    if (this.state === 'preamble') {
      await this.skipPast(this.delimiter, MAX_HEAD_BYTES);
      this.state = 'part';
    }
    for (;;) {
      if (this.state !== 'part') throw new Error('MultipartReader.next() after the file part');
      if (await this.atCloseDelimiter()) {
        this.state = 'end';
        return null;
      }
      const headers = await this.readHeaders();
      const disposition = parseDisposition(headers.get('content-disposition'));
      if (!disposition) {
        // Not a form-data part: skipped, as busboy does, but counted and capped like a field.
        if (++this.fieldCount > this.limits.fields) throw new MultipartError('too-large', 'too many parts');
        await this.skipPast(this.delimiter, this.limits.fieldSize);
        continue;
      }
      if (Buffer.byteLength(disposition.name) > MAX_NAME_BYTES)
        throw new MultipartError('field-too-long', 'field name too long', disposition.name.slice(0, 40));
      // As busboy decides: a file has a file name or is declared binary.
      const mimetype = (headers.get('content-type')?.split(';')[0]?.trim() || 'text/plain').toLowerCase();
      if (disposition.filename !== undefined || mimetype === 'application/octet-stream') {
        this.state = 'file';
        const filename = baseName(disposition.filename ?? '');
        return { kind: 'file', name: disposition.name, filename, mimetype };
      }
      if (++this.fieldCount > this.limits.fields) throw new MultipartError('too-large', 'too many fields');
      const value = await this.readUntil(
        this.delimiter,
        this.limits.fieldSize,
        'field-too-long',
        disposition.name,
      );
      return { kind: 'field', name: disposition.name, value: value.toString('utf8') };
    }
  }

  /**
   * The file part's bytes as they arrive, up to the next boundary; a body that ends before it is
   * malformed. Past `maxBytes` it stops with a `too-large` error.
   */
  async *content(maxBytes: number): AsyncGenerator<Buffer> {
    if (this.state !== 'file') throw new Error('MultipartReader.content() before a file part');
    const delimiter = this.delimiter;
    let size = 0;
    let piece = this.buffered;
    this.buffered = EMPTY;
    for (;;) {
      const at = piece.indexOf(delimiter);
      // Bytes that may begin the delimiter stay until the next piece tells.
      const keep = at === -1 ? delimiterPrefixAtEnd(piece, delimiter) : 0;
      const data = piece.subarray(0, at === -1 ? piece.length - keep : at);
      size += data.length;
      if (size > maxBytes) throw new MultipartError('too-large', 'file too large');
      if (data.length) yield data;
      if (at !== -1) {
        this.buffered = piece.subarray(at + delimiter.length);
        this.state = 'part';
        return;
      }
      const next = await this.pull.next();
      if (!next) throw new MultipartError('malformed', 'unexpected end of the body');
      piece = keep ? Buffer.concat([piece.subarray(piece.length - keep), next]) : next;
    }
  }

  /**
   * After the file part's content: the body must close there with `--` CRLF, the way browsers end
   * it. A body cut short after the file's bytes (its close delimiter missing) is malformed, so a
   * route taking a whole file in one request never files one whose request did not finish.
   */
  async expectClose(): Promise<void> {
    if (this.state !== 'part') throw new Error('MultipartReader.expectClose() before the file part ended');
    await this.fill(4);
    if (this.buffered.subarray(0, 4).toString('latin1') !== '--\r\n')
      throw new MultipartError('malformed', 'the body goes on after the file part, or is cut short');
    this.state = 'end';
  }

  /** After a delimiter: `--` closes the body, CRLF opens a part (spaces before it are allowed). */
  private async atCloseDelimiter(): Promise<boolean> {
    await this.fill(2);
    if (this.buffered[0] === 0x2d && this.buffered[1] === 0x2d) return true;
    const line = await this.readUntil(CRLF, 256, 'malformed');
    if (!/^[ \t]*$/.test(line.toString('latin1'))) throw new MultipartError('malformed', 'bad boundary line');
    return false;
  }

  /** A part's headers, up to the empty line (none: the part is skipped). */
  private async readHeaders(): Promise<Map<string, string>> {
    await this.fill(2);
    if (this.buffered[0] === 0x0d && this.buffered[1] === 0x0a) {
      this.buffered = this.buffered.subarray(2);
      return new Map();
    }
    return parseHeaders(await this.readUntil(HEADERS_END, MAX_HEAD_BYTES, 'too-large'));
  }

  /** At least `n` bytes buffered (fewer means a body cut short). */
  private async fill(n: number): Promise<void> {
    while (this.buffered.length < n) {
      const next = await this.pull.next();
      if (!next) throw new MultipartError('malformed', 'unexpected end of the body');
      this.buffered = this.buffered.length ? Buffer.concat([this.buffered, next]) : next;
    }
  }

  /** The bytes before `marker` (consumed with it); more than `max` of them is an error. */
  private async readUntil(
    marker: Buffer,
    max: number,
    kind: MultipartError['kind'],
    field?: string,
  ): Promise<Buffer> {
    let from = 0;
    for (;;) {
      const at = this.buffered.indexOf(marker, from);
      if (at !== -1) {
        if (at > max) throw new MultipartError(kind, 'part too long', field);
        const before = this.buffered.subarray(0, at);
        this.buffered = this.buffered.subarray(at + marker.length);
        return before;
      }
      if (this.buffered.length - marker.length > max) throw new MultipartError(kind, 'part too long', field);
      from = Math.max(0, this.buffered.length - marker.length + 1);
      const next = await this.pull.next();
      if (!next) throw new MultipartError('malformed', 'unexpected end of the body');
      this.buffered = Buffer.concat([this.buffered, next]);
    }
  }

  /** Drops everything up to and including `marker`. */
  private async skipPast(marker: Buffer, max: number): Promise<void> {
    for (;;) {
      const at = this.buffered.indexOf(marker);
      if (at !== -1) {
        this.buffered = this.buffered.subarray(at + marker.length);
        return;
      }
      const keep = delimiterPrefixAtEnd(this.buffered, marker);
      max -= this.buffered.length - keep;
      if (max < 0) throw new MultipartError('malformed', 'no boundary');
      const next = await this.pull.next();
      if (!next) throw new MultipartError('malformed', 'unexpected end of the body');
      this.buffered = Buffer.concat([this.buffered.subarray(this.buffered.length - keep), next]);
    }
  }
}

/** How many of `piece`'s last bytes are a (proper) beginning of `delimiter`. */
function delimiterPrefixAtEnd(piece: Buffer, delimiter: Buffer): number {
  const first = delimiter[0]!;
  let at = piece.lastIndexOf(first, piece.length - 1);
  const lowest = piece.length - delimiter.length + 1;
  while (at !== -1 && at >= lowest) {
    const length = piece.length - at;
    if (piece.compare(delimiter, 0, length, at) === 0) return length;
    at = at > 0 ? piece.lastIndexOf(first, at - 1) : -1;
  }
  return 0;
}

/** A part's header lines, by lower-case name (UTF-8, as browsers send non-ASCII names). */
function parseHeaders(block: Buffer): Map<string, string> {
  const headers = new Map<string, string>();
  // A line starting with a space continues the one before (obsolete folding).
  for (const line of block.toString('utf8').split(/\r\n(?![ \t])/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new MultipartError('malformed', 'bad part header');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** `form-data; name="x"; filename="y"` (quoted strings with backslash escapes, or tokens; `filename*` per RFC 5987). */
function parseDisposition(value: string | undefined): { name: string; filename?: string } | null {
  if (!value) return null;
  const type = /^\s*([^;\s]+)\s*/.exec(value);
  if (!type || type[1]!.toLowerCase() !== 'form-data') return null;
  const params = new Map<string, string>();
  const param = /;\s*([^=;\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))\s*/gy;
  param.lastIndex = type[0].length;
  while (param.lastIndex < value.length) {
    const match = param.exec(value);
    if (!match) throw new MultipartError('malformed', 'bad Content-Disposition');
    const quoted = match[2];
    params.set(match[1]!.toLowerCase(), quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : match[3]!);
  }
  const name = params.get('name');
  if (name === undefined) return null;
  const extended = params.get('filename*');
  const filename = (extended !== undefined ? decodeExtended(extended) : undefined) ?? params.get('filename');
  return filename === undefined ? { name } : { name, filename };
}

/** `UTF-8''na%C3%AFve.txt` (RFC 5987); null when not understood. */
function decodeExtended(value: string): string | null {
  const match = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(value);
  if (!match) return null;
  const charset = match[1]!.toLowerCase();
  const bytes = Buffer.from(
    match[2]!.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  );
  if (charset === 'utf-8' || charset === 'utf8') return bytes.toString('utf8');
  if (charset === 'iso-8859-1' || charset === 'latin1') return bytes.toString('latin1');
  return null;
}

/** The file's name without the client's folders (busboy's `preservePath: false`). */
function baseName(filename: string): string {
  const cut = Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\'));
  return filename.slice(cut + 1);
}
