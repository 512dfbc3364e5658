import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { boundaryOf, MultipartError, MultipartReader } from './multipart-reader';

const BOUNDARY = '----portaltest7MA4YWxkTrZu0gW';
const LIMITS = { fields: 8, fieldSize: 64 };

/** The body cut into pieces of `size` bytes (the socket's pieces). */
const piecesOf = (body: Buffer, size: number) =>
  Array.from({ length: Math.ceil(body.length / size) }, (_, i) => body.subarray(i * size, (i + 1) * size));

const field = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (disposition = 'name="file"; filename="a.bin"', type = 'application/octet-stream') =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; ${disposition}\r\nContent-Type: ${type}\r\n\r\n`;
const end = `\r\n--${BOUNDARY}--\r\n`;

/** Reads every field and the file part of `body` delivered in pieces of `pieceSize` bytes. */
async function read(body: Buffer, pieceSize = body.length, maxBytes = Number.MAX_SAFE_INTEGER) {
  const reader = new MultipartReader(Readable.from(piecesOf(body, pieceSize)), BOUNDARY, LIMITS);
  const fields: Record<string, string> = {};
  try {
    for (let part = await reader.next(); part; part = await reader.next()) {
      if (part.kind === 'field') {
        fields[part.name] = part.value;
        continue;
      }
      const pieces: Buffer[] = [];
      for await (const piece of reader.content(maxBytes)) pieces.push(piece);
      return { fields, file: part, content: Buffer.concat(pieces), next: await reader.next() };
    }
    return { fields, file: null, content: null, next: null };
  } finally {
    reader.release();
  }
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as MultipartError,
  );

describe('boundaryOf', () => {
  it('reads a plain or quoted boundary of multipart/form-data only', () => {
    expect(boundaryOf(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
    expect(boundaryOf('Multipart/Form-Data;charset=utf-8; Boundary="a b:c"')).toBe('a b:c');
    expect(boundaryOf('multipart/form-data')).toBeNull();
    expect(boundaryOf('multipart/mixed; boundary=x')).toBeNull();
    expect(boundaryOf('application/json')).toBeNull();
    expect(boundaryOf(undefined)).toBeNull();
  });
});

describe('MultipartReader', () => {
  it('finds the boundary wherever the pieces cut the body, and hands the file over byte for byte', async () => {
    // Content full of the delimiter's beginnings: every cut position must be tried.
    const content = Buffer.concat([
      randomBytes(300),
      Buffer.from(`\r\n--${BOUNDARY.slice(0, 10)}\r\n-\r\r\n`),
      randomBytes(200),
      Buffer.from(`\r\n--${BOUNDARY.slice(0, -1)}`),
    ]);
    const body = Buffer.concat([
      Buffer.from(`preamble\r\n${field('a', 'one')}${field('b', 'deux é')}${fileHead()}`),
      content,
      Buffer.from(`${end}epilogue`),
    ]);
    for (let size = 1; size <= 96; size++) {
      const got = await read(body, size);
      expect(got.fields, `pieces of ${size}`).toEqual({ a: 'one', b: 'deux é' });
      expect(got.content?.equals(content), `pieces of ${size}`).toBe(true);
      expect(got.next).toBeNull();
    }
  });

  it('describes the file part: base name, type without parameters, RFC 5987 names, escapes', async () => {
    const cases: [string, string, { filename: string; mimetype: string }][] = [
      [
        'name="file"; filename="C:\\\\dir\\\\Notes.TXT"',
        'Text/Plain; charset=utf-8',
        { filename: 'Notes.TXT', mimetype: 'text/plain' },
      ],
      [
        'name="file"; filename="dir/a \\"b\\".pdf"',
        'application/pdf',
        { filename: 'a "b".pdf', mimetype: 'application/pdf' },
      ],
      [
        "name=file; filename=x.bin; filename*=UTF-8''%C3%A9t%C3%A9.pdf",
        'application/pdf',
        { filename: 'été.pdf', mimetype: 'application/pdf' },
      ],
      [
        'name="file"; filename="relevé.pdf"',
        'application/pdf',
        { filename: 'relevé.pdf', mimetype: 'application/pdf' },
      ],
    ];
    for (const [disposition, type, expected] of cases) {
      const got = await read(Buffer.from(`${fileHead(disposition, type)}x${end}`));
      expect(got.file).toEqual({ kind: 'file', name: 'file', ...expected });
    }
    // No file name but declared binary: a file too, as busboy decides.
    const binary = await read(Buffer.from(`${fileHead('name="file"')}x${end}`));
    expect(binary.file).toMatchObject({ kind: 'file', filename: '' });
  });

  it('skips parts that are not form-data or have no headers, and ends at the closing boundary', async () => {
    const body = Buffer.from(
      `--${BOUNDARY}\r\n\r\nno headers\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: attachment; name="x"\r\n\r\nskipped\r\n` +
        `${field('kept', 'yes')}--${BOUNDARY}--\r\n`,
    );
    expect(await read(body, 7)).toEqual({ fields: { kept: 'yes' }, file: null, content: null, next: null });
    // A skipped part is capped like a field.
    const long = `--${BOUNDARY}\r\n\r\n${'z'.repeat(LIMITS.fieldSize + 1)}\r\n${field('kept', 'yes')}`;
    expect((await failure(read(Buffer.from(long), 7)))?.kind).toBe('malformed');
  });

  it('refuses a body cut short, a missing boundary and a bad part header (malformed)', async () => {
    const whole = Buffer.from(`${field('a', '1')}${fileHead()}content${end}`);
    for (const body of [
      whole.subarray(0, whole.length - end.length + 3),
      whole.subarray(0, 20),
      Buffer.from('no boundary at all'),
      Buffer.from(`--${BOUNDARY}\r\nbroken header line\r\n\r\nx${end}`),
    ]) {
      const error = await failure(read(body, 5));
      expect(error).toBeInstanceOf(MultipartError);
      expect(error?.kind).toBe('malformed');
    }
  });

  it('enforces the limits: fields, field size (naming the field), file size', async () => {
    const many = Array.from({ length: LIMITS.fields + 1 }, (_, i) => field(`f${i}`, 'x')).join('');
    expect((await failure(read(Buffer.from(`${many}${fileHead()}x${end}`))))?.kind).toBe('too-large');

    const long = await failure(read(Buffer.from(`${field('note', 'x'.repeat(65))}${fileHead()}x${end}`), 10));
    expect(long).toMatchObject({ kind: 'field-too-long', field: 'note' });
    const fits = Buffer.from(`${field('note', 'x'.repeat(64))}--${BOUNDARY}--\r\n`);
    expect((await read(fits)).fields.note).toHaveLength(64);

    const file = Buffer.from(`${fileHead()}${'y'.repeat(100)}${end}`);
    expect((await failure(read(file, 16, 99)))?.kind).toBe('too-large');
    expect((await read(file, 16, 100)).content).toHaveLength(100);
  });
});
