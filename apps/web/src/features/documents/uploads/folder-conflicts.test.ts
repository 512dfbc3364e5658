import { describe, expect, it } from 'vitest';
import {
  applyFolderChoices,
  choiceFor,
  clashingFolders,
  folderClashes,
  newFolderNames,
  resumedFolder,
  topFolderOf,
  topFolders,
  withTopFolder,
} from './folder-conflicts';
import type { FileToUpload } from './upload-types';

const at = (relativePath: string, size = 3): FileToUpload => ({
  file: new File([new Uint8Array(size)], relativePath.split('/').pop() ?? relativePath, { lastModified: 5 }),
  relativePath,
});
const paths = (files: FileToUpload[]) => files.map((f) => f.relativePath);

describe('folder upload paths', () => {
  it('reads and rewrites the first folder of a relative path only', () => {
    expect(topFolderOf('Bilans/2024/a.pdf')).toBe('Bilans');
    expect(topFolderOf('a.pdf')).toBeNull();
    expect(withTopFolder('Bilans/2024/a.pdf', 'Bilans (2)')).toBe('Bilans (2)/2024/a.pdf');
    // A sub-folder of the same name stays.
    expect(withTopFolder('Bilans/Bilans/a.pdf', 'Bilans (3)')).toBe('Bilans (3)/Bilans/a.pdf');
    expect(withTopFolder('a.pdf', 'X')).toBe('a.pdf');
  });

  it('finds the selection folders the target holds, as the server compares names (trimmed, any case)', () => {
    const files = [at('Bilans/a.pdf'), at('bilans/b.pdf'), at('Paie/c.pdf'), at('d.pdf'), at('Neuf/e.pdf')];
    expect(topFolders(files)).toEqual(['Bilans', 'Paie', 'Neuf']);
    expect(clashingFolders(files, ['BILANS', ' paie ', 'Autre'])).toEqual(['Bilans', 'Paie']);
  });
});

describe('applyFolderChoices', () => {
  const files = [at('Bilans/2024/a.pdf'), at('Bilans/b.pdf'), at('Paie/c.pdf'), at('seul.txt')];

  it('merge sends the paths as they are', () => {
    const out = applyFolderChoices(files, new Map([['Bilans', 'merge']]), ['Bilans']);
    expect(paths(out)).toEqual(paths(files));
    // The same files go (their File objects are kept).
    expect(out[0]?.file).toBe(files[0]?.file);
  });

  it('create rewrites the first folder to the first free "name (n)", any case, among the target and the selection', () => {
    const existing = ['Bilans', 'bilans (2)', 'Paie'];
    const selection = [...files, at('Bilans (3)/x.pdf')];
    const out = applyFolderChoices(
      selection,
      new Map([
        ['Bilans', 'create'],
        ['Paie', 'create'],
      ]),
      existing,
    );
    expect(paths(out)).toEqual([
      'Bilans (4)/2024/a.pdf',
      'Bilans (4)/b.pdf',
      'Paie (2)/c.pdf',
      'seul.txt',
      'Bilans (3)/x.pdf',
    ]);
  });

  it('skip leaves a folder out; the names planned show in the dialog', () => {
    const choices = new Map([
      ['Bilans', 'skip' as const],
      ['Paie', 'create' as const],
    ]);
    expect(paths(applyFolderChoices(files, choices, ['Bilans', 'Paie', 'Paie (2)']))).toEqual([
      'Paie (3)/c.pdf',
      'seul.txt',
    ]);
    expect(newFolderNames(files, choices, ['Bilans', 'Paie', 'Paie (2)'])).toEqual(
      new Map([['paie', 'Paie (3)']]),
    );
  });

  it('sends a resumed folder where it was going', () => {
    const out = applyFolderChoices(
      files,
      new Map(),
      ['Bilans', 'Bilans (2)'],
      new Map([['Bilans', 'Bilans (2)']]),
    );
    expect(paths(out)).toEqual(['Bilans (2)/2024/a.pdf', 'Bilans (2)/b.pdf', 'Paie/c.pdf', 'seul.txt']);
  });
});

describe('resumedFolder', () => {
  const files = [at('Bilans/2024/a.pdf'), at('Bilans/b.pdf'), at('Paie/c.pdf')];

  it('finds the folder an interrupted upload of the same files was going into', () => {
    const kept = new Set(['Bilans (2)/b.pdf']);
    const isKept = (_f: FileToUpload, path: string) => kept.has(path);
    expect(resumedFolder(files, 'Bilans', ['Bilans', 'Bilans (2)', 'Bilans (x)'], isKept)).toBe('Bilans (2)');
    // Merged (or made by that upload): the folder itself.
    kept.clear();
    kept.add('Bilans/2024/a.pdf');
    expect(resumedFolder(files, 'Bilans', ['Bilans', 'Bilans (2)'], isKept)).toBe('Bilans');
    // Only the files of that folder count, and only the target's folders.
    kept.clear();
    kept.add('Bilans (2)/c.pdf');
    kept.add('Bilans (5)/b.pdf');
    expect(resumedFolder(files, 'Bilans', ['Bilans', 'Bilans (2)'], isKept)).toBeNull();
  });
});

describe("a document of the target holding an uploaded folder's name", () => {
  const files = [at('Bilans/2024/a.pdf'), at('Paie/b.pdf'), at('Neuf/c.pdf')];
  const folders = ['paie'];
  const documents = ['BILANS', 'Bilans (2)', 'Paie (2)', 'autre.pdf'];

  it('is a clash that offers no merge', () => {
    expect(folderClashes(files, folders, documents)).toEqual([
      { top: 'Bilans', heldByDocument: true },
      { top: 'Paie', heldByDocument: false },
    ]);
    // Without documents, as before.
    expect(folderClashes(files, folders, [])).toEqual([{ top: 'Paie', heldByDocument: false }]);
    const [byDocument, byFolder] = folderClashes(files, folders, documents);
    expect(choiceFor(byDocument!, 'merge')).toBe('create');
    expect(choiceFor(byDocument!, 'skip')).toBe('skip');
    expect(choiceFor(byFolder!, 'merge')).toBe('merge');
  });

  it("names the new folder free among the target's folders and documents", () => {
    const existing = [...folders, ...documents];
    const choices = new Map([
      ['Bilans', 'create'],
      ['Paie', 'create'],
    ] as const);
    expect(newFolderNames(files, choices, existing)).toEqual(
      new Map([
        ['bilans', 'Bilans (3)'],
        ['paie', 'Paie (3)'],
      ]),
    );
    expect(paths(applyFolderChoices(files, choices, existing))).toEqual([
      'Bilans (3)/2024/a.pdf',
      'Paie (3)/b.pdf',
      'Neuf/c.pdf',
    ]);
    expect(paths(applyFolderChoices(files, new Map([['Bilans', 'skip']]), existing))).toEqual([
      'Paie/b.pdf',
      'Neuf/c.pdf',
    ]);
  });

  it('is never resumed into: only a folder is', () => {
    const kept = () => true;
    expect(resumedFolder(files, 'Bilans', folders, kept)).toBeNull();
    expect(resumedFolder(files, 'Paie', folders, kept)).toBe('paie');
  });
});
