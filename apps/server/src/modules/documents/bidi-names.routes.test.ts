import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsWorld, docsWorld, newDocument, newFolder, upload } from '../../../test/documents';

/**
 * Names with bidirectional or invisible format characters show as other names ("facture\u202Efdp.exe"
 * shows as "factureexe.pdf"): refused with 422 on the field, like the other forbidden characters.
 */
let w: DocsWorld;
let folder: number;
const FORMAT = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
];
const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16)}`;

beforeAll(async () => {
  w = await docsWorld();
  folder = await newFolder(w, 'Noms', w.root);
}, 60_000);
afterAll(() => w.t.close());

describe('names with bidirectional or invisible format characters', () => {
  it('are refused on folder creation and rename (422 on name)', async () => {
    for (const c of FORMAT) {
      const created = await w.call('POST', `/api/vendors/${w.vendor}/folders`, 'expert', {
        name: `dossier${c}fdp.exe`,
        parent_id: folder,
      });
      expect(created.status, hex(c)).toBe(422);
      expect(Object.keys(created.body.errors), hex(c)).toEqual(['name']);
      const renamed = await w.call('PATCH', `/api/vendors/${w.vendor}/folders/${folder}`, 'expert', {
        name: `Noms${c}`,
      });
      expect(renamed.status, hex(c)).toBe(422);
      expect(Object.keys(renamed.body.errors), hex(c)).toEqual(['name']);
    }
    const tree = await w.call('GET', `/api/vendors/${w.vendor}/folders/${folder}/nodes`);
    expect(tree.body.data).toEqual([]);
  });

  it('are refused on document rename (422 on name) and on upload (422 on the file name or path)', async () => {
    const doc = await newDocument(w, folder, 'facture.pdf');
    for (const c of FORMAT) {
      const renamed = await w.call('PATCH', `/api/vendors/${w.vendor}/documents/${doc}`, 'expert', {
        name: `facture${c}fdp.exe`,
      });
      expect(renamed.status, hex(c)).toBe(422);
      expect(Object.keys(renamed.body.errors), hex(c)).toEqual(['name']);
      const sent = await upload(w, folder, `facture${c}fdp.exe`, Buffer.from(`x ${hex(c)}`));
      expect(sent.status, hex(c)).toBe(422);
      expect(sent.body.errors.flowFilename, hex(c)).toBeDefined();
      const inFolder = await upload(w, folder, 'a.pdf', Buffer.from(`y ${hex(c)}`), {
        relativePath: `dos${c}sier/a.pdf`,
      });
      expect(inFolder.status, hex(c)).toBe(422);
      expect(inFolder.body.errors.flowRelativePath, hex(c)).toBeDefined();
    }
    const nodes = await w.call('GET', `/api/vendors/${w.vendor}/folders/${folder}/nodes`);
    expect(nodes.body.data.map((n: { name: string }) => n.name)).toEqual(['facture.pdf']);
  });
});
