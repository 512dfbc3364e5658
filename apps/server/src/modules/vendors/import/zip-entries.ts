/**
 * Reads a ZIP archive's central directory (names and declared sizes) without inflating anything,
 * so an upload can be refused before exceljs unpacks it in memory: an archive that is not an
 * Excel workbook, or one declaring far more data than a 500-row sheet needs (a zip bomb).
 * Returns null when the bytes are not a readable ZIP archive (or use ZIP64, which no import needs).
 */
export function zipEntries(buffer: Buffer): { name: string; size: number }[] | null {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  // The end record is 22 bytes plus a comment of at most 65535 bytes.
  const lowest = Math.max(0, buffer.length - 22 - 0xffff);
  let end = -1;
  for (let i = buffer.length - 22; i >= lowest; i--) {
    if (buffer.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = buffer.readUInt16LE(end + 10);
  const offset = buffer.readUInt32LE(end + 16);
  if (count === 0xffff || offset === 0xffffffff) return null;
  const entries: { name: string; size: number }[] = [];
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > buffer.length || buffer.readUInt32LE(at) !== CENTRAL) return null;
    const size = buffer.readUInt32LE(at + 24);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    if (size === 0xffffffff || at + 46 + nameLength > buffer.length) return null;
    entries.push({ name: buffer.toString('utf8', at + 46, at + 46 + nameLength), size });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
