/** What a file looks like in lists (spec section 3's file type tables): an icon kind and a colour. */
export type FileKind = 'pdf' | 'image' | 'word' | 'sheet' | 'slides' | 'text' | 'archive' | 'other';

const KINDS: Record<string, FileKind> = {};
const add = (kind: FileKind, extensions: string) => {
  for (const ext of extensions.split(' ')) KINDS[ext] = kind;
};
add('pdf', 'pdf pdf_a');
add('image', 'gif jpeg jpg jpe jpg2 png svg webp heic');
add('word', 'doc docm docx docs odt rtf rtf2');
add('sheet', 'xls xlsb xlsm xlsx ods');
add('slides', 'ppt pptm pptx odp');
add('text', 'txt text csv xml html htm');
add('archive', 'zip');

export const fileKindOf = (extension: string | null | undefined): FileKind =>
  KINDS[(extension ?? '').toLowerCase()] ?? 'other';

/** Colour per kind, readable on light and dark backgrounds. */
export const KIND_COLOURS: Record<FileKind, string> = {
  pdf: '#e53935',
  image: '#8e24aa',
  word: '#1e88e5',
  sheet: '#2e7d32',
  slides: '#ef6c00',
  text: '#607d8b',
  archive: '#8d6e63',
  other: '#9e9e9e',
};

/** How the viewer shows a type: only what the server serves inline (PDF, images, text). */
export type PreviewKind = 'pdf' | 'image' | 'text' | 'csv' | 'none';

const PREVIEWS: Record<string, PreviewKind> = {
  pdf: 'pdf',
  pdf_a: 'pdf',
  gif: 'image',
  jpeg: 'image',
  jpg: 'image',
  jpe: 'image',
  png: 'image',
  webp: 'image',
  txt: 'text',
  text: 'text',
  csv: 'csv',
};

export const previewKindOf = (extension: string | null | undefined): PreviewKind =>
  PREVIEWS[(extension ?? '').toLowerCase()] ?? 'none';
