// A PDF for the viewer's timing: by default 17 pages of about 8 KB each (~140 KB), like the
// report a user opened when the viewer took 10 s. Each page has a title and a table of text in
// the standard fonts (not embedded: pdf.js substitutes them), ruled lines and a small
// Flate-compressed RGB image of noise (so that the file does not shrink to nothing).
import zlib from 'node:zlib';

/** A deterministic pseudo-random byte source (the file is the same at every run). */
function noise(seed) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) & 0xff;
  };
}

const pdfText = (text) => text.replace(/[\\()]/g, (c) => `\\${c}`);

function pageContent(n, pages, lines) {
  const out = [
    'q 0.2 0.3 0.6 rg 36 740 540 36 re f Q',
    `BT /F2 20 Tf 1 1 1 rg 48 752 Td (${pdfText(`Rapport annuel - page ${n} / ${pages}`)}) Tj ET`,
    'q 60 0 0 60 516 660 cm /Im1 Do Q',
  ];
  for (let i = 0; i < lines; i++) {
    const y = 700 - i * 14;
    out.push(`0.85 G 0.5 w 36 ${y - 4} m 576 ${y - 4} l S`);
    out.push(
      `BT /F1 9 Tf 0 g 40 ${y} Td (${pdfText(`Ligne ${i + 1}: compte 6${String(n).padStart(2, '0')}${String(i).padStart(3, '0')}`)}) Tj ET`,
    );
    out.push(
      `BT /F3 9 Tf 0 g 260 ${y} Td (${pdfText(`Montant ${((n * 7919 + i * 104729) % 100000) / 100} EUR - libelle de l'ecriture`)}) Tj ET`,
    );
  }
  return out.join('\n');
}

/** A `pages`-page PDF (offsets computed for the xref). */
export function samplePdf({ pages = 17, lines = 27, image = 32 } = {}) {
  const objects = [];
  const add = (body) => objects.push(body) && objects.length;
  const catalog = add(null);
  const pagesObj = add(null);
  const fonts = [
    add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
    add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>'),
    add('<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding /WinAnsiEncoding >>'),
  ];
  const fontDict = fonts.map((id, i) => `/F${i + 1} ${id} 0 R`).join(' ');
  const kids = [];
  for (let n = 1; n <= pages; n++) {
    const next = noise(n * 2654435761);
    const pixels = Buffer.alloc(image * image * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = next();
    const deflated = zlib.deflateSync(pixels);
    const img = add([
      `<< /Type /XObject /Subtype /Image /Width ${image} /Height ${image} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length ${deflated.length} >>\nstream\n`,
      deflated,
      '\nendstream',
    ]);
    const stream = pageContent(n, pages, lines);
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 612 792] /Resources << /Font << ${fontDict} >> /XObject << /Im1 ${img} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] =
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${pages} >>`;

  const chunks = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0].length;
  const push = (part) => {
    const buffer = Buffer.isBuffer(part) ? part : Buffer.from(part, 'latin1');
    chunks.push(buffer);
    length += buffer.length;
  };
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    push(`${i + 1} 0 obj\n`);
    for (const part of Array.isArray(body) ? body : [body]) push(part);
    push('\nendobj\n');
  });
  const xref = length;
  push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const o of offsets) push(`${String(o).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(chunks);
}
