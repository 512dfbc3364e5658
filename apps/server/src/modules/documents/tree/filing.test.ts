import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../../..');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : filesUnder(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const relative = (file: string) => path.relative(src, file).split(path.sep).join('/');
const sources = filesUnder(src).map((f) => ({ file: relative(f), text: fs.readFileSync(f, 'utf8') }));

/** One way to file a file (docs/architecture.md, "Documents"). */
describe('the filing service', () => {
  it('is the only code writing new documents and versions', () => {
    const writes =
      /insert\(\s*(documents|documentVersions)\s*\)|INSERT\s+INTO\s+(documents|document_versions)\b|\b(insertDocument|docs\.addVersion)\(/;
    const writers = sources.filter((s) => writes.test(s.text)).map((s) => s.file);
    expect(writers.sort()).toEqual([
      'modules/documents/tree/documents.repository.ts',
      'modules/documents/tree/filing.service.ts',
    ]);
  });

  it('is called by every path that creates a document or a version', () => {
    const filing = /from '[./]*(tree\/)?filing\.service'/;
    const creates = /\b(fileContent|fileIn|newDocument|copyDocument|addVersion)\(/;
    const callers = sources
      .filter((s) => !s.file.startsWith('modules/documents/tree/'))
      .filter((s) => filing.test(s.text) && creates.test(s.text))
      .map((s) => s.file);
    // Chunked uploads (and through them the files of task answers, filed in the exchange
    // folder), copies and versions added by a move's conflict, restored versions, quick drops.
    expect(callers.sort()).toEqual([
      'modules/documents/documents/versions.service.ts',
      'modules/documents/quickfolders/quickfolders.service.ts',
      'modules/documents/transfer/transfer.service.ts',
      'modules/documents/uploads/assembly.service.ts',
    ]);
  });
});
