import type { FileToUpload } from './upload-types';

/** Files of an `<input type="file">` (with `webkitdirectory`, their path inside the folder chosen). */
export const filesOfInput = (list: FileList | null): FileToUpload[] =>
  [...(list ?? [])].map((file) => ({ file, relativePath: file.webkitRelativePath || file.name }));

type Entry = FileSystemEntry;

const fileOf = (entry: FileSystemFileEntry) =>
  new Promise<File>((resolve, reject) => entry.file(resolve, reject));

async function readAllEntries(dir: FileSystemDirectoryEntry): Promise<Entry[]> {
  const reader = dir.createReader();
  const all: Entry[] = [];
  // readEntries answers at most 100 entries a call: read until it answers none.
  for (;;) {
    const batch = await new Promise<Entry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function walk(entry: Entry, prefix: string, out: FileToUpload[]): Promise<void> {
  const path = prefix ? `${prefix}/${entry.name}` : entry.name;
  if (entry.isFile) out.push({ file: await fileOf(entry as FileSystemFileEntry), relativePath: path });
  else if (entry.isDirectory)
    for (const child of await readAllEntries(entry as FileSystemDirectoryEntry)) await walk(child, path, out);
}

/** Files dropped on the page, folders walked (their relative paths create the folders). */
export async function filesOfDrop(data: DataTransfer): Promise<FileToUpload[]> {
  const entries = [...data.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length === 0 || entries.some((e) => e === null)) return filesOfInput(data.files);
  const out: FileToUpload[] = [];
  for (const entry of entries) await walk(entry as Entry, '', out);
  return out;
}
