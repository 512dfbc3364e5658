import { numberedFreeName } from '@portal/contracts/documents/name-rules';
import type { FileToUpload } from './upload-types';

/**
 * An uploaded folder whose name the target folder already holds (spec section 5): merge into it
 * (what the server does with a relative path), create a new folder "name (2)" (the relative
 * paths' first folder rewritten), or leave it out.
 */
export type FolderChoice = 'merge' | 'create' | 'skip';

const pathOf = (f: FileToUpload) => f.relativePath || f.file.name;
/** Names compare as the server compares them: trimmed, any case. */
const norm = (name: string) => name.trim().toLowerCase();

/** The first folder of a relative path ('Bilans/2024/a.pdf' -> 'Bilans'), null for a bare file. */
export function topFolderOf(relativePath: string): string | null {
  const slash = relativePath.indexOf('/');
  return slash > 0 ? relativePath.slice(0, slash) : null;
}

/** The path with its first folder renamed ('Bilans/2024/a.pdf', 'Bilans (2)' -> 'Bilans (2)/2024/a.pdf'). */
export function withTopFolder(relativePath: string, name: string): string {
  const slash = relativePath.indexOf('/');
  return slash > 0 ? `${name}${relativePath.slice(slash)}` : relativePath;
}

/** The first folders of a selection, once each (the first spelling), in order. */
export function topFolders(files: readonly FileToUpload[]): string[] {
  const seen = new Map<string, string>();
  for (const f of files) {
    const top = topFolderOf(pathOf(f));
    if (top !== null && !seen.has(norm(top))) seen.set(norm(top), top);
  }
  return [...seen.values()];
}

/** The selection's first folders that the target folder already holds (`existing`: its folders' names). */
export function clashingFolders(files: readonly FileToUpload[], existing: readonly string[]): string[] {
  const names = new Set(existing.map(norm));
  return topFolders(files).filter((top) => names.has(norm(top)));
}

/**
 * An uploaded folder whose name the target holds: by one of its folders (merge, new folder or
 * skip), or by one of its documents (no item of a parent shares a name with another, whatever the
 * kind: a new folder or skip, nothing to merge into).
 */
export type FolderClash = { top: string; heldByDocument: boolean };

/** The clashes of a selection with the target's folders and documents (their names). */
export function folderClashes(
  files: readonly FileToUpload[],
  folderNames: readonly string[],
  documentNames: readonly string[],
): FolderClash[] {
  const folders = new Set(folderNames.map(norm));
  const documents = new Set(documentNames.map(norm));
  return topFolders(files)
    .filter((top) => folders.has(norm(top)) || documents.has(norm(top)))
    .map((top) => ({ top, heldByDocument: !folders.has(norm(top)) }));
}

/** A choice as it applies to a clash: a document's name is no folder to merge into, so a new folder. */
export const choiceFor = (clash: FolderClash, choice: FolderChoice): FolderChoice =>
  clash.heldByDocument && choice === 'merge' ? 'create' : choice;

/**
 * The folder an interrupted upload of `top` was going into, when one of its files is still kept
 * for resuming under `top` itself (merged, or made by that upload) or under one of the target's
 * folders "top (n)" (a new folder was chosen): sending into it again resumes, without asking.
 */
export function resumedFolder(
  files: readonly FileToUpload[],
  top: string,
  existing: readonly string[],
  isKept: (file: FileToUpload, relativePath: string) => boolean,
): string | null {
  const numbered = new RegExp(`^${escapeRegExp(norm(top))} \\(\\d+\\)$`);
  const candidates = existing.filter((name) => norm(name) === norm(top) || numbered.test(norm(name)));
  const mine = files.filter((f) => norm(topFolderOf(pathOf(f)) ?? '') === norm(top));
  for (const name of candidates) if (mine.some((f) => isKept(f, withTopFolder(pathOf(f), name)))) return name;
  return null;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The folder each uploaded folder goes into, by its name in lowercase: the one of `renamed`
 * (a resumed upload), else for `create` a new folder named by the server's rule ("name (2)",
 * free among the target's names (`existing`: its folders' and documents'), the selection's and
 * those named before it).
 */
export function newFolderNames(
  files: readonly FileToUpload[],
  choices: ReadonlyMap<string, FolderChoice>,
  existing: readonly string[],
  renamed: ReadonlyMap<string, string> = new Map(),
): Map<string, string> {
  const tops = topFolders(files);
  const taken = new Set([...existing, ...tops].map(norm));
  const names = new Map([...renamed].map(([top, name]) => [norm(top), name]));
  for (const [top, choice] of choices) {
    if (choice !== 'create' || names.has(norm(top))) continue;
    const original = tops.find((t) => norm(t) === norm(top)) ?? top;
    const name = numberedFreeName(original.trim(), taken);
    taken.add(norm(name));
    names.set(norm(top), name);
  }
  return names;
}

/**
 * The selection once the choices are applied: `skip` leaves a folder's files out, `create` sends
 * them into a new folder (`newFolderNames`), `merge` (or no choice) as they are.
 */
export function applyFolderChoices(
  files: readonly FileToUpload[],
  choices: ReadonlyMap<string, FolderChoice>,
  existing: readonly string[],
  renamed: ReadonlyMap<string, string> = new Map(),
): FileToUpload[] {
  const skipped = new Set([...choices].filter(([, c]) => c === 'skip').map(([top]) => norm(top)));
  const names = newFolderNames(files, choices, existing, renamed);
  const out: FileToUpload[] = [];
  for (const f of files) {
    const top = topFolderOf(pathOf(f));
    const key = top === null ? null : norm(top);
    const name = key === null ? undefined : names.get(key);
    if (key !== null && name === undefined && skipped.has(key)) continue;
    out.push(name === undefined ? f : { file: f.file, relativePath: withTopFolder(pathOf(f), name) });
  }
  return out;
}
